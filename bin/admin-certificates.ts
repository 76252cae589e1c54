/**
 * Operator CLI command of chargers' certificates (`npm run admin -- chargers revoke-certificate`,
 * docs/certificates.md "Revoking a certificate"): revokes a certificate the CSMS CA issued to a
 * charger and closes the connection of a profile 3 charger through the WebSocket API's management
 * endpoint (`--ws-endpoint`), exactly as `POST /api/chargers/{id}/certificates/{serialNumber}/revoke`.
 */
import type { Command } from 'commander';
import { certificateSerialSchema, revokeChargerCertificate } from '../shared/chargers';
import type { Db } from '../shared/db';
import { wsEndpoint } from './admin-configuration';
import { chargerOperatorScope, parse, positiveInteger, run } from './cli-support';

/**
 * Adds `revoke-certificate` to the `chargers` command.
 * @param db opens the table the CLI's options name
 */
export function addCertificateCommands(chargers: Command, db: () => Db): void {
  chargers
    .command('revoke-certificate')
    .description(
      "Revoke a charger's certificate (one of GET /api/chargers/{id}/certificates): $connect refuses it from the " +
        "charger's next connection, and a profile 3 charger connected now is disconnected; again: answered as revoked",
    )
    .requiredOption('--id <id>', 'charger ID', positiveInteger)
    .requiredOption('--serial-number <hex>', "the certificate's serial number (hexadecimal, as the listing shows it)")
    .addOption(wsEndpoint())
    .action(
      run(async (o: { id: number; serialNumber: string; wsEndpoint: string }) => {
        const serialNumber = parse(certificateSerialSchema, o.serialNumber, () => '--serial-number');
        const data = db();
        const scope = await chargerOperatorScope(data, o.id);
        process.env.WS_MANAGEMENT_ENDPOINT = o.wsEndpoint;
        // Imported when used, so the CLI's other commands do not load the management API client.
        const { closeConnection } = await import('../shared/ocpp/commands/transport');
        return revokeChargerCertificate(data, scope, o.id, serialNumber, { close: closeConnection });
      }),
    );
}
