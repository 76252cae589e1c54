/** idTokenType values of the API (spec §2.5): OCPP 2.0.1 IdTokenEnumType without NoAuthorization. */
export const ID_TOKEN_TYPES = ['Central', 'eMAID', 'ISO14443', 'ISO15693', 'KeyCode', 'MacAddress', 'Local'] as const;
/** An idTokenType value of the API. */
export type IdTokenType = (typeof ID_TOKEN_TYPES)[number];
