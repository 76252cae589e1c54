/**
 * The face of `shared/charger-logs/` (chargers' log uploads: statuses, upload tokens and where
 * files are stored): what the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`)
 * import of it, and only through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain
 * folders"). Tests may import the modules.
 *
 * @module
 */
export { localPathOf, localUrlSecret } from './local-storage';
export { recordDiagnosticsStatus, recordLogStatus } from './log-statuses';
export { storeLogsInS3 } from './storage';
export { verifyToken } from './tokens';
export { AWS_UPLOAD_MAX_BYTES, LOCAL_UPLOAD_MAX_BYTES } from './upload-limits';
export { logUploadStore } from './upload-store';
export { receiveUpload, UPLOAD_METHODS, UPLOAD_PATH, type UploadOutcome } from './uploads';
export { logUrlSecret } from './url-secret';
