/* eslint-disable */
/**
 * OCPP 2.1: payload types generated from the official JSON schemas (ocpp-rpc/lib/schemas/ocpp2_1.json)
 * by bin/generate-ocpp-types.ts. Do not edit; run `npm run generate:ocpp-types`.
 */

export interface AdjustPeriodicEventStreamRequest {
  id: number;
  params: PeriodicEventStreamParamsType;
  customData?: CustomDataType;
}
export interface PeriodicEventStreamParamsType {
  /**
   * Time in seconds after which stream data is sent.
   *
   */
  interval?: number;
  /**
   * Number of items to be sent together in stream.
   *
   */
  values?: number;
  customData?: CustomDataType;
}
/**
 * This class does not get 'AdditionalProperties = false' in the schema generation, so it can be extended with arbitrary JSON properties to allow adding custom data.
 */
export interface CustomDataType {
  vendorId: string;
}
/**
 * Status of operation.
 *
 */
export type GenericStatusEnumType = "Accepted" | "Rejected";
export interface AdjustPeriodicEventStreamResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Element providing more information about the status.
 *
 */
export interface StatusInfoType {
  /**
   * A predefined code for the reason why the status is returned in this response. The string is case-insensitive.
   *
   */
  reasonCode: string;
  /**
   * Additional text to provide detailed information.
   *
   */
  additionalInfo?: string;
  customData?: CustomDataType;
}
export interface AFRRSignalRequest {
  /**
   * Time when signal becomes active.
   *
   */
  timestamp: string;
  /**
   * Value of signal in _v2xSignalWattCurve_.
   *
   */
  signal: number;
  customData?: CustomDataType;
}
export interface AFRRSignalResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Used algorithms for the hashes provided.
 *
 */
export type HashAlgorithmEnumType = "SHA256" | "SHA384" | "SHA512";
export interface AuthorizeRequest {
  idToken: IdTokenType;
  /**
   * *(2.1)* The X.509 certificate chain presented by EV and encoded in PEM format. Order of certificates in chain is from leaf up to (but excluding) root certificate. +
   * Only needed in case of central contract validation when Charging Station cannot validate the contract certificate.
   *
   *
   */
  certificate?: string;
  /**
   * @minItems 1
   * @maxItems 4
   */
  iso15118CertificateHashData?:
    | [OCSPRequestDataType]
    | [OCSPRequestDataType, OCSPRequestDataType]
    | [OCSPRequestDataType, OCSPRequestDataType, OCSPRequestDataType]
    | [OCSPRequestDataType, OCSPRequestDataType, OCSPRequestDataType, OCSPRequestDataType];
  customData?: CustomDataType;
}
/**
 * Contains a case insensitive identifier to use for the authorization and the type of authorization to support multiple forms of identifiers.
 *
 */
export interface IdTokenType {
  /**
   * @minItems 1
   */
  additionalInfo?: [AdditionalInfoType, ...AdditionalInfoType[]];
  /**
   * *(2.1)* IdToken is case insensitive. Might hold the hidden id of an RFID tag, but can for example also contain a UUID.
   *
   */
  idToken: string;
  /**
   * *(2.1)* Enumeration of possible idToken types. Values defined in Appendix as IdTokenEnumStringType.
   *
   */
  type: string;
  customData?: CustomDataType;
}
/**
 * Contains a case insensitive identifier to use for the authorization and the type of authorization to support multiple forms of identifiers.
 *
 */
export interface AdditionalInfoType {
  /**
   * *(2.1)* This field specifies the additional IdToken.
   *
   */
  additionalIdToken: string;
  /**
   * _additionalInfo_ can be used to send extra information to CSMS in addition to the regular authorization with _IdToken_. _AdditionalInfo_ contains one or more custom _types_, which need to be agreed upon by all parties involved. When the _type_ is not supported, the CSMS/Charging Station MAY ignore the _additionalInfo_.
   *
   *
   */
  type: string;
  customData?: CustomDataType;
}
/**
 * Information about a certificate for an OCSP check.
 *
 */
export interface OCSPRequestDataType {
  hashAlgorithm: HashAlgorithmEnumType;
  /**
   * The hash of the issuer’s distinguished
   * name (DN), that must be calculated over the DER
   * encoding of the issuer’s name field in the certificate
   * being checked.
   *
   */
  issuerNameHash: string;
  /**
   * The hash of the DER encoded public key:
   * the value (excluding tag and length) of the subject
   * public key field in the issuer’s certificate.
   *
   */
  issuerKeyHash: string;
  /**
   * The string representation of the
   * hexadecimal value of the serial number without the
   * prefix "0x" and without leading zeroes.
   *
   */
  serialNumber: string;
  /**
   * This contains the responder URL (Case insensitive).
   *
   *
   */
  responderURL: string;
  customData?: CustomDataType;
}
/**
 * Current status of the ID Token.
 *
 */
export type AuthorizationStatusEnumType =
  | "Accepted"
  | "Blocked"
  | "ConcurrentTx"
  | "Expired"
  | "Invalid"
  | "NoCredit"
  | "NotAllowedTypeEVSE"
  | "NotAtThisLocation"
  | "NotAtThisTime"
  | "Unknown";
/**
 * Format of the message.
 *
 */
export type MessageFormatEnumType = "ASCII" | "HTML" | "URI" | "UTF8" | "QRCODE";
/**
 * Certificate status information.
 * - if all certificates are valid: return 'Accepted'.
 * - if one of the certificates was revoked, return 'CertificateRevoked'.
 *
 */
export type AuthorizeCertificateStatusEnumType =
  | "Accepted"
  | "SignatureError"
  | "CertificateExpired"
  | "CertificateRevoked"
  | "NoCertificateAvailable"
  | "CertChainError"
  | "ContractCancelled";
export type EnergyTransferModeEnumType =
  | "AC_single_phase"
  | "AC_two_phase"
  | "AC_three_phase"
  | "DC"
  | "AC_BPT"
  | "AC_BPT_DER"
  | "AC_DER"
  | "DC_BPT"
  | "DC_ACDP"
  | "DC_ACDP_BPT"
  | "WPT";
export type DayOfWeekEnumType = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
/**
 * Type of EVSE (AC, DC) this tariff applies to.
 *
 */
export type EvseKindEnumType = "AC" | "DC";
export interface AuthorizeResponse {
  idTokenInfo: IdTokenInfoType;
  certificateStatus?: AuthorizeCertificateStatusEnumType;
  /**
   * *(2.1)* List of allowed energy transfer modes the EV can choose from. If omitted this defaults to charging only.
   *
   *
   *
   *
   * @minItems 1
   */
  allowedEnergyTransfer?: [EnergyTransferModeEnumType, ...EnergyTransferModeEnumType[]];
  tariff?: TariffType;
  customData?: CustomDataType;
}
/**
 * Contains status information about an identifier.
 * It is advised to not stop charging for a token that expires during charging, as ExpiryDate is only used for caching purposes. If ExpiryDate is not given, the status has no end date.
 *
 */
export interface IdTokenInfoType {
  status: AuthorizationStatusEnumType;
  /**
   * Date and Time after which the token must be considered invalid.
   *
   */
  cacheExpiryDateTime?: string;
  /**
   * Priority from a business point of view. Default priority is 0, The range is from -9 to 9. Higher values indicate a higher priority. The chargingPriority in &lt;&lt;transactioneventresponse,TransactionEventResponse&gt;&gt; overrules this one.
   *
   */
  chargingPriority?: number;
  groupIdToken?: IdTokenType;
  /**
   * Preferred user interface language of identifier user. Contains a language code as defined in &lt;&lt;ref-RFC5646,[RFC5646]&gt;&gt;.
   *
   *
   */
  language1?: string;
  /**
   * Second preferred user interface language of identifier user. Don’t use when language1 is omitted, has to be different from language1. Contains a language code as defined in &lt;&lt;ref-RFC5646,[RFC5646]&gt;&gt;.
   *
   */
  language2?: string;
  /**
   * Only used when the IdToken is only valid for one or more specific EVSEs, not for the entire Charging Station.
   *
   *
   *
   * @minItems 1
   */
  evseId?: [number, ...number[]];
  personalMessage?: MessageContentType;
  customData?: CustomDataType;
}
/**
 * Contains message details, for a message to be displayed on a Charging Station.
 *
 *
 */
export interface MessageContentType {
  format: MessageFormatEnumType;
  /**
   * Message language identifier. Contains a language code as defined in &lt;&lt;ref-RFC5646,[RFC5646]&gt;&gt;.
   *
   */
  language?: string;
  /**
   * *(2.1)* Required. Message contents. +
   * Maximum length supported by Charging Station is given in OCPPCommCtrlr.FieldLength["MessageContentType.content"].
   *     Maximum length defaults to 1024.
   *
   *
   */
  content: string;
  customData?: CustomDataType;
}
/**
 * A tariff is described by fields with prices for:
 * energy,
 * charging time,
 * idle time,
 * fixed fee,
 * reservation time,
 * reservation fixed fee. +
 * Each of these fields may have (optional) conditions that specify when a price is applicable. +
 * The _description_ contains a human-readable explanation of the tariff to be shown to the user. +
 * The other fields are parameters that define the tariff. These are used by the charging station to calculate the price.
 *
 */
export interface TariffType {
  /**
   * Unique id of tariff
   *
   */
  tariffId: string;
  /**
   * @minItems 1
   * @maxItems 10
   */
  description?:
    | [MessageContentType]
    | [MessageContentType, MessageContentType]
    | [MessageContentType, MessageContentType, MessageContentType]
    | [MessageContentType, MessageContentType, MessageContentType, MessageContentType]
    | [MessageContentType, MessageContentType, MessageContentType, MessageContentType, MessageContentType]
    | [
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType
      ]
    | [
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType
      ]
    | [
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType
      ]
    | [
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType
      ]
    | [
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType,
        MessageContentType
      ];
  /**
   * Currency code according to ISO 4217
   *
   */
  currency: string;
  energy?: TariffEnergyType;
  /**
   * Time when this tariff becomes active. When absent, it is immediately active.
   *
   */
  validFrom?: string;
  chargingTime?: TariffTimeType;
  idleTime?: TariffTimeType;
  fixedFee?: TariffFixedType;
  reservationTime?: TariffTimeType;
  reservationFixed?: TariffFixedType;
  minCost?: PriceType;
  maxCost?: PriceType;
  customData?: CustomDataType;
}
/**
 * Price elements and tax for energy
 *
 */
export interface TariffEnergyType {
  /**
   * @minItems 1
   */
  prices: [TariffEnergyPriceType, ...TariffEnergyPriceType[]];
  /**
   * @minItems 1
   * @maxItems 5
   */
  taxRates?:
    | [TaxRateType]
    | [TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType, TaxRateType];
  customData?: CustomDataType;
}
/**
 * Tariff with optional conditions for an energy price.
 *
 */
export interface TariffEnergyPriceType {
  /**
   * Price per kWh (excl. tax) for this element.
   *
   */
  priceKwh: number;
  conditions?: TariffConditionsType;
  customData?: CustomDataType;
}
/**
 * These conditions describe if and when a TariffEnergyType or TariffTimeType applies during a transaction.
 *
 * When more than one restriction is set, they are to be treated as a logical AND. All need to be valid before this price is active.
 *
 * For reverse energy flow (discharging) negative values of energy, power and current are used.
 *
 * NOTE: _minXXX_ (where XXX = Kwh/A/Kw) must be read as "closest to zero", and _maxXXX_ as "furthest from zero". For example, a *charging* power range from 10 kW to 50 kWh is given by _minPower_ = 10000 and _maxPower_ = 50000, and a *discharging* power range from -10 kW to -50 kW is given by _minPower_ = -10 and _maxPower_ = -50.
 *
 * NOTE: _startTimeOfDay_ and _endTimeOfDay_ are in local time, because it is the time in the tariff as it is shown to the EV driver at the Charging Station.
 * A Charging Station will convert this to the internal time zone that it uses (which is recommended to be UTC, see section Generic chapter 3.1) when performing cost calculation.
 *
 *
 */
export interface TariffConditionsType {
  /**
   * Start time of day in local time. +
   * Format as per RFC 3339: time-hour ":" time-minute  +
   * Must be in 24h format with leading zeros. Hour/Minute separator: ":"
   * Regex: ([0-1][0-9]\|2[0-3]):[0-5][0-9]
   *
   */
  startTimeOfDay?: string;
  /**
   * End time of day in local time. Same syntax as _startTimeOfDay_. +
   *     If end time &lt; start time then the period wraps around to the next day. +
   *     To stop at end of the day use: 00:00.
   *
   */
  endTimeOfDay?: string;
  /**
   * Day(s) of the week this is tariff applies.
   *
   *
   * @minItems 1
   * @maxItems 7
   */
  dayOfWeek?:
    | [DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType
      ];
  /**
   * Start date in local time, for example: 2015-12-24.
   * Valid from this day (inclusive). +
   * Format as per RFC 3339: full-date  +
   *
   * Regex: ([12][0-9]{3})-(0[1-9]\|1[0-2])-(0[1-9]\|[12][0-9]\|3[01])
   *
   */
  validFromDate?: string;
  /**
   * End date in local time, for example: 2015-12-27.
   *     Valid until this day (exclusive). Same syntax as _validFromDate_.
   *
   */
  validToDate?: string;
  evseKind?: EvseKindEnumType;
  /**
   * Minimum consumed energy in Wh, for example 20000 Wh.
   *     Valid from this amount of energy (inclusive) being used.
   *
   */
  minEnergy?: number;
  /**
   * Maximum consumed energy in Wh, for example 50000 Wh.
   *     Valid until this amount of energy (exclusive) being used.
   *
   */
  maxEnergy?: number;
  /**
   * Sum of the minimum current (in Amperes) over all phases, for example 5 A.
   *     When the EV is charging with more than, or equal to, the defined amount of current, this price is/becomes active. If the charging current is or becomes lower, this price is not or no longer valid and becomes inactive. +
   *     This is NOT about the minimum current over the entire transaction.
   *
   */
  minCurrent?: number;
  /**
   * Sum of the maximum current (in Amperes) over all phases, for example 20 A.
   *       When the EV is charging with less than the defined amount of current, this price becomes/is active. If the charging current is or becomes higher, this price is not or no longer valid and becomes inactive.
   *       This is NOT about the maximum current over the entire transaction.
   *
   */
  maxCurrent?: number;
  /**
   * Minimum power in W, for example 5000 W.
   *       When the EV is charging with more than, or equal to, the defined amount of power, this price is/becomes active.
   *       If the charging power is or becomes lower, this price is not or no longer valid and becomes inactive.
   *       This is NOT about the minimum power over the entire transaction.
   *
   */
  minPower?: number;
  /**
   * Maximum power in W, for example 20000 W.
   *       When the EV is charging with less than the defined amount of power, this price becomes/is active.
   *       If the charging power is or becomes higher, this price is not or no longer valid and becomes inactive.
   *       This is NOT about the maximum power over the entire transaction.
   *
   */
  maxPower?: number;
  /**
   * Minimum duration in seconds the transaction (charging &amp; idle) MUST last (inclusive).
   *       When the duration of a transaction is longer than the defined value, this price is or becomes active.
   *       Before that moment, this price is not yet active.
   *
   */
  minTime?: number;
  /**
   * Maximum duration in seconds the transaction (charging &amp; idle) MUST last (exclusive).
   *       When the duration of a transaction is shorter than the defined value, this price is or becomes active.
   *       After that moment, this price is no longer active.
   *
   */
  maxTime?: number;
  /**
   * Minimum duration in seconds the charging MUST last (inclusive).
   *       When the duration of a charging is longer than the defined value, this price is or becomes active.
   *       Before that moment, this price is not yet active.
   *
   */
  minChargingTime?: number;
  /**
   * Maximum duration in seconds the charging MUST last (exclusive).
   *       When the duration of a charging is shorter than the defined value, this price is or becomes active.
   *       After that moment, this price is no longer active.
   *
   */
  maxChargingTime?: number;
  /**
   * Minimum duration in seconds the idle period (i.e. not charging) MUST last (inclusive).
   *       When the duration of the idle time is longer than the defined value, this price is or becomes active.
   *       Before that moment, this price is not yet active.
   *
   */
  minIdleTime?: number;
  /**
   * Maximum duration in seconds the idle period (i.e. not charging) MUST last (exclusive).
   *       When the duration of idle time is shorter than the defined value, this price is or becomes active.
   *       After that moment, this price is no longer active.
   *
   */
  maxIdleTime?: number;
  customData?: CustomDataType;
}
/**
 * Tax percentage
 *
 */
export interface TaxRateType {
  /**
   * Type of this tax, e.g.  "Federal ",  "State", for information on receipt.
   *
   */
  type: string;
  /**
   * Tax percentage
   *
   */
  tax: number;
  /**
   * Stack level for this type of tax. Default value, when absent, is 0. +
   * _stack_ = 0: tax on net price; +
   * _stack_ = 1: tax added on top of _stack_ 0; +
   * _stack_ = 2: tax added on top of _stack_ 1, etc.
   *
   */
  stack?: number;
  customData?: CustomDataType;
}
/**
 * Price elements and tax for time
 *
 *
 */
export interface TariffTimeType {
  /**
   * @minItems 1
   */
  prices: [TariffTimePriceType, ...TariffTimePriceType[]];
  /**
   * @minItems 1
   * @maxItems 5
   */
  taxRates?:
    | [TaxRateType]
    | [TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType, TaxRateType];
  customData?: CustomDataType;
}
/**
 * Tariff with optional conditions for a time duration price.
 *
 */
export interface TariffTimePriceType {
  /**
   * Price per minute (excl. tax) for this element.
   *
   */
  priceMinute: number;
  conditions?: TariffConditionsType;
  customData?: CustomDataType;
}
export interface TariffFixedType {
  /**
   * @minItems 1
   */
  prices: [TariffFixedPriceType, ...TariffFixedPriceType[]];
  /**
   * @minItems 1
   * @maxItems 5
   */
  taxRates?:
    | [TaxRateType]
    | [TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType, TaxRateType];
  customData?: CustomDataType;
}
/**
 * Tariff with optional conditions for a fixed price.
 *
 */
export interface TariffFixedPriceType {
  conditions?: TariffConditionsFixedType;
  /**
   * Fixed price  for this element e.g. a start fee.
   *
   */
  priceFixed: number;
  customData?: CustomDataType;
}
/**
 * These conditions describe if a FixedPrice applies at start of the transaction.
 *
 * When more than one restriction is set, they are to be treated as a logical AND. All need to be valid before this price is active.
 *
 * NOTE: _startTimeOfDay_ and _endTimeOfDay_ are in local time, because it is the time in the tariff as it is shown to the EV driver at the Charging Station.
 * A Charging Station will convert this to the internal time zone that it uses (which is recommended to be UTC, see section Generic chapter 3.1) when performing cost calculation.
 *
 *
 */
export interface TariffConditionsFixedType {
  /**
   * Start time of day in local time. +
   * Format as per RFC 3339: time-hour ":" time-minute  +
   * Must be in 24h format with leading zeros. Hour/Minute separator: ":"
   * Regex: ([0-1][0-9]\|2[0-3]):[0-5][0-9]
   *
   */
  startTimeOfDay?: string;
  /**
   * End time of day in local time. Same syntax as _startTimeOfDay_. +
   *     If end time &lt; start time then the period wraps around to the next day. +
   *     To stop at end of the day use: 00:00.
   *
   */
  endTimeOfDay?: string;
  /**
   * Day(s) of the week this is tariff applies.
   *
   *
   * @minItems 1
   * @maxItems 7
   */
  dayOfWeek?:
    | [DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType, DayOfWeekEnumType]
    | [
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType,
        DayOfWeekEnumType
      ];
  /**
   * Start date in local time, for example: 2015-12-24.
   * Valid from this day (inclusive). +
   * Format as per RFC 3339: full-date  +
   *
   * Regex: ([12][0-9]{3})-(0[1-9]\|1[0-2])-(0[1-9]\|[12][0-9]\|3[01])
   *
   */
  validFromDate?: string;
  /**
   * End date in local time, for example: 2015-12-27.
   *     Valid until this day (exclusive). Same syntax as _validFromDate_.
   *
   */
  validToDate?: string;
  evseKind?: EvseKindEnumType;
  /**
   * For which payment brand this (adhoc) tariff applies. Can be used to add a surcharge for certain payment brands.
   *     Based on value of _additionalIdToken_ from _idToken.additionalInfo.type_ = "PaymentBrand".
   *
   */
  paymentBrand?: string;
  /**
   * Type of adhoc payment, e.g. CC, Debit.
   *     Based on value of _additionalIdToken_ from _idToken.additionalInfo.type_ = "PaymentRecognition".
   *
   */
  paymentRecognition?: string;
  customData?: CustomDataType;
}
/**
 * Price with and without tax. At least one of _exclTax_, _inclTax_ must be present.
 *
 */
export interface PriceType {
  /**
   * Price/cost excluding tax. Can be absent if _inclTax_ is present.
   *
   */
  exclTax?: number;
  /**
   * Price/cost including tax. Can be absent if _exclTax_ is present.
   *
   */
  inclTax?: number;
  /**
   * @minItems 1
   * @maxItems 5
   */
  taxRates?:
    | [TaxRateType]
    | [TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType]
    | [TaxRateType, TaxRateType, TaxRateType, TaxRateType, TaxRateType];
  customData?: CustomDataType;
}
/**
 * Battery in/out
 *
 */
export type BatterySwapEventEnumType = "BatteryIn" | "BatteryOut" | "BatteryOutTimeout";
export interface BatterySwapRequest {
  /**
   * @minItems 1
   */
  batteryData: [BatteryDataType, ...BatteryDataType[]];
  eventType: BatterySwapEventEnumType;
  idToken: IdTokenType;
  /**
   * RequestId to correlate BatteryIn/Out events and optional RequestBatterySwapRequest.
   *
   *
   *
   */
  requestId: number;
  customData?: CustomDataType;
}
export interface BatteryDataType {
  /**
   * Slot number where battery is inserted or removed.
   *
   */
  evseId: number;
  /**
   * Serial number of battery.
   *
   */
  serialNumber: string;
  /**
   * State of charge
   *
   */
  soC: number;
  /**
   * State of health
   *
   *
   */
  soH: number;
  /**
   * Production date of battery.
   *
   *
   */
  productionDate?: string;
  /**
   * Vendor-specific info from battery in undefined format.
   *
   */
  vendorInfo?: string;
  customData?: CustomDataType;
}
/**
 * This is an empty response that just acknowledges receipt of the request. (The request cannot be rejected).
 *
 */
export interface BatterySwapResponse {
  customData?: CustomDataType;
}
/**
 * This contains the reason for sending this message to the CSMS.
 *
 */
export type BootReasonEnumType =
  | "ApplicationReset"
  | "FirmwareUpdate"
  | "LocalReset"
  | "PowerUp"
  | "RemoteReset"
  | "ScheduledReset"
  | "Triggered"
  | "Unknown"
  | "Watchdog";
export interface BootNotificationRequest {
  chargingStation: ChargingStationType;
  reason: BootReasonEnumType;
  customData?: CustomDataType;
}
/**
 * The physical system where an Electrical Vehicle (EV) can be charged.
 *
 */
export interface ChargingStationType {
  /**
   * Vendor-specific device identifier.
   *
   */
  serialNumber?: string;
  /**
   * Defines the model of the device.
   *
   */
  model: string;
  modem?: ModemType;
  /**
   * Identifies the vendor (not necessarily in a unique manner).
   *
   */
  vendorName: string;
  /**
   * This contains the firmware version of the Charging Station.
   *
   *
   */
  firmwareVersion?: string;
  customData?: CustomDataType;
}
/**
 * Defines parameters required for initiating and maintaining wireless communication with other devices.
 *
 */
export interface ModemType {
  /**
   * This contains the ICCID of the modem’s SIM card.
   *
   */
  iccid?: string;
  /**
   * This contains the IMSI of the modem’s SIM card.
   *
   */
  imsi?: string;
  customData?: CustomDataType;
}
/**
 * This contains whether the Charging Station has been registered
 * within the CSMS.
 *
 */
export type RegistrationStatusEnumType = "Accepted" | "Pending" | "Rejected";
export interface BootNotificationResponse {
  /**
   * This contains the CSMS’s current time.
   *
   */
  currentTime: string;
  /**
   * When &lt;&lt;cmn_registrationstatusenumtype,Status&gt;&gt; is Accepted, this contains the heartbeat interval in seconds. If the CSMS returns something other than Accepted, the value of the interval field indicates the minimum wait time before sending a next BootNotification request.
   *
   */
  interval: number;
  status: RegistrationStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface CancelReservationRequest {
  /**
   * Id of the reservation to cancel.
   *
   */
  reservationId: number;
  customData?: CustomDataType;
}
/**
 * This indicates the success or failure of the canceling of a reservation by CSMS.
 *
 */
export type CancelReservationStatusEnumType = "Accepted" | "Rejected";
export interface CancelReservationResponse {
  status: CancelReservationStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Indicates the type of the signed certificate that is returned. When omitted the certificate is used for both the 15118 connection (if implemented) and the Charging Station to CSMS connection. This field is required when a typeOfCertificate was included in the &lt;&lt;signcertificaterequest,SignCertificateRequest&gt;&gt; that requested this certificate to be signed AND both the 15118 connection and the Charging Station connection are implemented.
 *
 *
 */
export type CertificateSigningUseEnumType = "ChargingStationCertificate" | "V2GCertificate" | "V2G20Certificate";
export interface CertificateSignedRequest {
  /**
   * The signed PEM encoded X.509 certificate. This SHALL also contain the necessary sub CA certificates, when applicable. The order of the bundle follows the certificate chain, starting from the leaf certificate.
   *
   * The Configuration Variable &lt;&lt;configkey-max-certificate-chain-size,MaxCertificateChainSize&gt;&gt; can be used to limit the maximum size of this field.
   *
   */
  certificateChain: string;
  certificateType?: CertificateSigningUseEnumType;
  /**
   * *(2.1)* RequestId to correlate this message with the SignCertificateRequest.
   *
   */
  requestId?: number;
  customData?: CustomDataType;
}
/**
 * Returns whether certificate signing has been accepted, otherwise rejected.
 *
 */
export type CertificateSignedStatusEnumType = "Accepted" | "Rejected";
export interface CertificateSignedResponse {
  status: CertificateSignedStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * This contains the type of availability change that the Charging Station should perform.
 *
 *
 */
export type OperationalStatusEnumType = "Inoperative" | "Operative";
export interface ChangeAvailabilityRequest {
  evse?: EVSEType;
  operationalStatus: OperationalStatusEnumType;
  customData?: CustomDataType;
}
/**
 * Electric Vehicle Supply Equipment
 *
 */
export interface EVSEType {
  /**
   * EVSE Identifier. This contains a number (&gt; 0) designating an EVSE of the Charging Station.
   *
   */
  id: number;
  /**
   * An id to designate a specific connector (on an EVSE) by connector index number.
   *
   */
  connectorId?: number;
  customData?: CustomDataType;
}
/**
 * This indicates whether the Charging Station is able to perform the availability change.
 *
 */
export type ChangeAvailabilityStatusEnumType = "Accepted" | "Rejected" | "Scheduled";
export interface ChangeAvailabilityResponse {
  status: ChangeAvailabilityStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface ChangeTransactionTariffRequest {
  tariff: TariffType;
  /**
   * Transaction id for new tariff.
   *
   */
  transactionId: string;
  customData?: CustomDataType;
}
/**
 * Status of the operation
 *
 */
export type TariffChangeStatusEnumType =
  "Accepted" | "Rejected" | "TooManyElements" | "ConditionNotSupported" | "TxNotFound" | "NoCurrencyChange";
export interface ChangeTransactionTariffResponse {
  status: TariffChangeStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface ClearCacheRequest {
  customData?: CustomDataType;
}
/**
 * Accepted if the Charging Station has executed the request, otherwise rejected.
 *
 */
export type ClearCacheStatusEnumType = "Accepted" | "Rejected";
export interface ClearCacheResponse {
  status: ClearCacheStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Specifies to purpose of the charging profiles that will be cleared, if they meet the other criteria in the request.
 *
 */
export type ChargingProfilePurposeEnumType =
  | "ChargingStationExternalConstraints"
  | "ChargingStationMaxProfile"
  | "TxDefaultProfile"
  | "TxProfile"
  | "PriorityCharging"
  | "LocalGeneration";
export interface ClearChargingProfileRequest {
  /**
   * The Id of the charging profile to clear.
   *
   */
  chargingProfileId?: number;
  chargingProfileCriteria?: ClearChargingProfileType;
  customData?: CustomDataType;
}
/**
 * A ClearChargingProfileType is a filter for charging profiles to be cleared by ClearChargingProfileRequest.
 *
 *
 */
export interface ClearChargingProfileType {
  /**
   * Specifies the id of the EVSE for which to clear charging profiles. An evseId of zero (0) specifies the charging profile for the overall Charging Station. Absence of this parameter means the clearing applies to all charging profiles that match the other criteria in the request.
   *
   *
   */
  evseId?: number;
  chargingProfilePurpose?: ChargingProfilePurposeEnumType;
  /**
   * Specifies the stackLevel for which charging profiles will be cleared, if they meet the other criteria in the request.
   *
   */
  stackLevel?: number;
  customData?: CustomDataType;
}
/**
 * Indicates if the Charging Station was able to execute the request.
 *
 */
export type ClearChargingProfileStatusEnumType = "Accepted" | "Unknown";
export interface ClearChargingProfileResponse {
  status: ClearChargingProfileStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Name of control settings to clear. Not used when _controlId_ is provided.
 *
 *
 */
export type DERControlEnumType =
  | "EnterService"
  | "FreqDroop"
  | "FreqWatt"
  | "FixedPFAbsorb"
  | "FixedPFInject"
  | "FixedVar"
  | "Gradients"
  | "HFMustTrip"
  | "HFMayTrip"
  | "HVMustTrip"
  | "HVMomCess"
  | "HVMayTrip"
  | "LimitMaxDischarge"
  | "LFMustTrip"
  | "LVMustTrip"
  | "LVMomCess"
  | "LVMayTrip"
  | "PowerMonitoringMustTrip"
  | "VoltVar"
  | "VoltWatt"
  | "WattPF"
  | "WattVar";
export interface ClearDERControlRequest {
  /**
   * True: clearing default DER controls. False: clearing scheduled controls.
   *
   *
   */
  isDefault: boolean;
  controlType?: DERControlEnumType;
  /**
   * Id of control setting to clear. When omitted all settings for _controlType_ are cleared.
   *
   *
   */
  controlId?: string;
  customData?: CustomDataType;
}
/**
 * Result of operation.
 *
 *
 */
export type DERControlStatusEnumType = "Accepted" | "Rejected" | "NotSupported" | "NotFound";
export interface ClearDERControlResponse {
  status: DERControlStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface ClearDisplayMessageRequest {
  /**
   * Id of the message that SHALL be removed from the Charging Station.
   *
   */
  id: number;
  customData?: CustomDataType;
}
/**
 * Returns whether the Charging Station has been able to remove the message.
 *
 */
export type ClearMessageStatusEnumType = "Accepted" | "Unknown" | "Rejected";
export interface ClearDisplayMessageResponse {
  status: ClearMessageStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface ClearedChargingLimitRequest {
  /**
   * Source of the charging limit. Allowed values defined in Appendix as ChargingLimitSourceEnumStringType.
   *
   */
  chargingLimitSource: string;
  /**
   * EVSE Identifier.
   *
   */
  evseId?: number;
  customData?: CustomDataType;
}
export interface ClearedChargingLimitResponse {
  customData?: CustomDataType;
}
export interface ClearTariffsRequest {
  /**
   * List of tariff Ids to clear. When absent clears all tariffs at _evseId_.
   *
   *
   *
   * @minItems 1
   */
  tariffIds?: [string, ...string[]];
  /**
   * When present only clear tariffs matching _tariffIds_ at EVSE _evseId_.
   *
   *
   */
  evseId?: number;
  customData?: CustomDataType;
}
export type TariffClearStatusEnumType = "Accepted" | "Rejected" | "NoTariff";
export interface ClearTariffsResponse {
  /**
   * @minItems 1
   */
  clearTariffsResult: [ClearTariffsResultType, ...ClearTariffsResultType[]];
  customData?: CustomDataType;
}
export interface ClearTariffsResultType {
  statusInfo?: StatusInfoType;
  /**
   * Id of tariff for which _status_ is reported. If no tariffs were found, then this field is absent, and _status_ will be `NoTariff`.
   *
   */
  tariffId?: string;
  status: TariffClearStatusEnumType;
  customData?: CustomDataType;
}
export interface ClearVariableMonitoringRequest {
  /**
   * List of the monitors to be cleared, identified by there Id.
   *
   *
   * @minItems 1
   */
  id: [number, ...number[]];
  customData?: CustomDataType;
}
/**
 * Result of the clear request for this monitor, identified by its Id.
 *
 *
 */
export type ClearMonitoringStatusEnumType = "Accepted" | "Rejected" | "NotFound";
export interface ClearVariableMonitoringResponse {
  /**
   * @minItems 1
   */
  clearMonitoringResult: [ClearMonitoringResultType, ...ClearMonitoringResultType[]];
  customData?: CustomDataType;
}
export interface ClearMonitoringResultType {
  status: ClearMonitoringStatusEnumType;
  /**
   * Id of the monitor of which a clear was requested.
   *
   *
   */
  id: number;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface ClosePeriodicEventStreamRequest {
  /**
   * Id of stream to close.
   *
   */
  id: number;
  customData?: CustomDataType;
}
export interface ClosePeriodicEventStreamResponse {
  customData?: CustomDataType;
}
export interface CostUpdatedRequest {
  /**
   * Current total cost, based on the information known by the CSMS, of the transaction including taxes. In the currency configured with the configuration Variable: [&lt;&lt;configkey-currency, Currency&gt;&gt;]
   *
   *
   */
  totalCost: number;
  /**
   * Transaction Id of the transaction the current cost are asked for.
   *
   *
   */
  transactionId: string;
  customData?: CustomDataType;
}
export interface CostUpdatedResponse {
  customData?: CustomDataType;
}
export interface CustomerInformationRequest {
  customerCertificate?: CertificateHashDataType;
  idToken?: IdTokenType;
  /**
   * The Id of the request.
   *
   *
   */
  requestId: number;
  /**
   * Flag indicating whether the Charging Station should return NotifyCustomerInformationRequest messages containing information about the customer referred to.
   *
   */
  report: boolean;
  /**
   * Flag indicating whether the Charging Station should clear all information about the customer referred to.
   *
   */
  clear: boolean;
  /**
   * A (e.g. vendor specific) identifier of the customer this request refers to. This field contains a custom identifier other than IdToken and Certificate.
   * One of the possible identifiers (customerIdentifier, customerIdToken or customerCertificate) should be in the request message.
   *
   */
  customerIdentifier?: string;
  customData?: CustomDataType;
}
export interface CertificateHashDataType {
  hashAlgorithm: HashAlgorithmEnumType;
  /**
   * The hash of the issuer’s distinguished
   * name (DN), that must be calculated over the DER
   * encoding of the issuer’s name field in the certificate
   * being checked.
   *
   *
   */
  issuerNameHash: string;
  /**
   * The hash of the DER encoded public key:
   * the value (excluding tag and length) of the subject
   * public key field in the issuer’s certificate.
   *
   */
  issuerKeyHash: string;
  /**
   * The string representation of the
   * hexadecimal value of the serial number without the
   * prefix "0x" and without leading zeroes.
   *
   */
  serialNumber: string;
  customData?: CustomDataType;
}
/**
 * Indicates whether the request was accepted.
 *
 */
export type CustomerInformationStatusEnumType = "Accepted" | "Rejected" | "Invalid";
export interface CustomerInformationResponse {
  status: CustomerInformationStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface DataTransferRequest {
  /**
   * May be used to indicate a specific message or implementation.
   *
   */
  messageId?: string;
  /**
   * Data without specified length or format. This needs to be decided by both parties (Open to implementation).
   *
   */
  data?: {
    [k: string]: unknown | undefined;
  };
  /**
   * This identifies the Vendor specific implementation
   *
   *
   */
  vendorId: string;
  customData?: CustomDataType;
}
/**
 * This indicates the success or failure of the data transfer.
 *
 */
export type DataTransferStatusEnumType = "Accepted" | "Rejected" | "UnknownMessageId" | "UnknownVendorId";
export interface DataTransferResponse {
  status: DataTransferStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * Data without specified length or format, in response to request.
   *
   */
  data?: {
    [k: string]: unknown | undefined;
  };
  customData?: CustomDataType;
}
export interface DeleteCertificateRequest {
  certificateHashData: CertificateHashDataType;
  customData?: CustomDataType;
}
/**
 * Charging Station indicates if it can process the request.
 *
 */
export type DeleteCertificateStatusEnumType = "Accepted" | "Failed" | "NotFound";
export interface DeleteCertificateResponse {
  status: DeleteCertificateStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * This contains the progress status of the firmware installation.
 *
 */
export type FirmwareStatusEnumType =
  | "Downloaded"
  | "DownloadFailed"
  | "Downloading"
  | "DownloadScheduled"
  | "DownloadPaused"
  | "Idle"
  | "InstallationFailed"
  | "Installing"
  | "Installed"
  | "InstallRebooting"
  | "InstallScheduled"
  | "InstallVerificationFailed"
  | "InvalidSignature"
  | "SignatureVerified";
export interface FirmwareStatusNotificationRequest {
  status: FirmwareStatusEnumType;
  /**
   * The request id that was provided in the
   * UpdateFirmwareRequest that started this firmware update.
   * This field is mandatory, unless the message was triggered by a TriggerMessageRequest AND there is no firmware update ongoing.
   *
   */
  requestId?: number;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface FirmwareStatusNotificationResponse {
  customData?: CustomDataType;
}
/**
 * Defines whether certificate needs to be installed or updated.
 *
 */
export type CertificateActionEnumType = "Install" | "Update";
export interface Get15118EVCertificateRequest {
  /**
   * Schema version currently used for the 15118 session between EV and Charging Station. Needed for parsing of the EXI stream by the CSMS.
   *
   *
   */
  iso15118SchemaVersion: string;
  action: CertificateActionEnumType;
  /**
   * *(2.1)* Raw CertificateInstallationReq request from EV, Base64 encoded. +
   * Extended to support ISO 15118-20 certificates. The minimum supported length is 11000. If a longer _exiRequest_ is supported, then the supported length must be communicated in variable OCPPCommCtrlr.FieldLength[ "Get15118EVCertificateRequest.exiRequest" ].
   *
   */
  exiRequest: string;
  /**
   * *(2.1)* Absent during ISO 15118-2 session. Required during ISO 15118-20 session. +
   * Maximum number of contracts that EV wants to install.
   *
   */
  maximumContractCertificateChains?: number;
  /**
   * *(2.1)*  Absent during ISO 15118-2 session. Optional during ISO 15118-20 session. List of EMAIDs for which contract certificates must be requested first, in case there are more certificates than allowed by _maximumContractCertificateChains_.
   *
   *
   * @minItems 1
   * @maxItems 8
   */
  prioritizedEMAIDs?:
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
    | [string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string];
  customData?: CustomDataType;
}
/**
 * Indicates whether the message was processed properly.
 *
 */
export type Iso15118EVCertificateStatusEnumType = "Accepted" | "Failed";
export interface Get15118EVCertificateResponse {
  status: Iso15118EVCertificateStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * *(2/1)* Raw CertificateInstallationRes response for the EV, Base64 encoded. +
   * Extended to support ISO 15118-20 certificates. The minimum supported length is 17000. If a longer _exiResponse_ is supported, then the supported length must be communicated in variable OCPPCommCtrlr.FieldLength[ "Get15118EVCertificateResponse.exiResponse" ].
   *
   *
   */
  exiResponse: string;
  /**
   * *(2.1)* Number of contracts that can be retrieved with additional requests.
   *
   */
  remainingContracts?: number;
  customData?: CustomDataType;
}
/**
 * This field specifies the report base.
 *
 */
export type ReportBaseEnumType = "ConfigurationInventory" | "FullInventory" | "SummaryInventory";
export interface GetBaseReportRequest {
  /**
   * The Id of the request.
   *
   */
  requestId: number;
  reportBase: ReportBaseEnumType;
  customData?: CustomDataType;
}
/**
 * This indicates whether the Charging Station is able to accept this request.
 *
 */
export type GenericDeviceModelStatusEnumType = "Accepted" | "Rejected" | "NotSupported" | "EmptyResultSet";
export interface GetBaseReportResponse {
  status: GenericDeviceModelStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Source of status: OCSP, CRL
 *
 */
export type CertificateStatusSourceEnumType = "CRL" | "OCSP";
export interface GetCertificateChainStatusRequest {
  /**
   * @minItems 1
   * @maxItems 4
   */
  certificateStatusRequests:
    | [CertificateStatusRequestInfoType]
    | [CertificateStatusRequestInfoType, CertificateStatusRequestInfoType]
    | [CertificateStatusRequestInfoType, CertificateStatusRequestInfoType, CertificateStatusRequestInfoType]
    | [
        CertificateStatusRequestInfoType,
        CertificateStatusRequestInfoType,
        CertificateStatusRequestInfoType,
        CertificateStatusRequestInfoType
      ];
  customData?: CustomDataType;
}
/**
 * Data necessary to request the revocation status of a certificate.
 *
 */
export interface CertificateStatusRequestInfoType {
  certificateHashData: CertificateHashDataType;
  source: CertificateStatusSourceEnumType;
  /**
   * URL(s) of _source_.
   *
   *
   * @minItems 1
   * @maxItems 5
   */
  urls:
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string];
  customData?: CustomDataType;
}
/**
 * Status of certificate: good, revoked or unknown.
 *
 */
export type CertificateStatusEnumType = "Good" | "Revoked" | "Unknown" | "Failed";
export interface GetCertificateChainStatusResponse {
  /**
   * @minItems 1
   * @maxItems 4
   */
  certificateStatus:
    | [CertificateStatusType]
    | [CertificateStatusType, CertificateStatusType]
    | [CertificateStatusType, CertificateStatusType, CertificateStatusType]
    | [CertificateStatusType, CertificateStatusType, CertificateStatusType, CertificateStatusType];
  customData?: CustomDataType;
}
/**
 * Revocation status of certificate
 *
 */
export interface CertificateStatusType {
  certificateHashData: CertificateHashDataType;
  source: CertificateStatusSourceEnumType;
  status: CertificateStatusEnumType;
  nextUpdate: string;
  customData?: CustomDataType;
}
export interface GetCertificateStatusRequest {
  ocspRequestData: OCSPRequestDataType;
  customData?: CustomDataType;
}
/**
 * This indicates whether the charging station was able to retrieve the OCSP certificate status.
 *
 */
export type GetCertificateStatusEnumType = "Accepted" | "Failed";
export interface GetCertificateStatusResponse {
  status: GetCertificateStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * *(2.1)* OCSPResponse class as defined in &lt;&lt;ref-ocpp_security_24, IETF RFC 6960&gt;&gt;. DER encoded (as defined in &lt;&lt;ref-ocpp_security_24, IETF RFC 6960&gt;&gt;), and then base64 encoded. MAY only be omitted when status is not Accepted. +
   * The minimum supported length is 18000. If a longer _ocspResult_ is supported, then the supported length must be communicated in variable OCPPCommCtrlr.FieldLength[ "GetCertificateStatusResponse.ocspResult" ].
   *
   *
   */
  ocspResult?: string;
  customData?: CustomDataType;
}
export interface GetChargingProfilesRequest {
  /**
   * Reference identification that is to be used by the Charging Station in the &lt;&lt;reportchargingprofilesrequest, ReportChargingProfilesRequest&gt;&gt; when provided.
   *
   */
  requestId: number;
  /**
   * For which EVSE installed charging profiles SHALL be reported. If 0, only charging profiles installed on the Charging Station itself (the grid connection) SHALL be reported. If omitted, all installed charging profiles SHALL be reported. +
   * Reported charging profiles SHALL match the criteria in field _chargingProfile_.
   *
   */
  evseId?: number;
  chargingProfile: ChargingProfileCriterionType;
  customData?: CustomDataType;
}
/**
 * A ChargingProfileCriterionType is a filter for charging profiles to be selected by a GetChargingProfilesRequest.
 *
 *
 */
export interface ChargingProfileCriterionType {
  chargingProfilePurpose?: ChargingProfilePurposeEnumType;
  /**
   * Value determining level in hierarchy stack of profiles. Higher values have precedence over lower values. Lowest level is 0.
   *
   */
  stackLevel?: number;
  /**
   * List of all the chargingProfileIds requested. Any ChargingProfile that matches one of these profiles will be reported. If omitted, the Charging Station SHALL not filter on chargingProfileId. This field SHALL NOT contain more ids than set in &lt;&lt;configkey-charging-profile-entries,ChargingProfileEntries.maxLimit&gt;&gt;
   *
   *
   *
   * @minItems 1
   */
  chargingProfileId?: [number, ...number[]];
  /**
   * For which charging limit sources, charging profiles SHALL be reported. If omitted, the Charging Station SHALL not filter on chargingLimitSource. Values defined in Appendix as ChargingLimitSourceEnumStringType.
   *
   *
   * @minItems 1
   * @maxItems 4
   */
  chargingLimitSource?: [string] | [string, string] | [string, string, string] | [string, string, string, string];
  customData?: CustomDataType;
}
/**
 * This indicates whether the Charging Station is able to process this request and will send &lt;&lt;reportchargingprofilesrequest, ReportChargingProfilesRequest&gt;&gt; messages.
 *
 */
export type GetChargingProfileStatusEnumType = "Accepted" | "NoProfiles";
export interface GetChargingProfilesResponse {
  status: GetChargingProfileStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Can be used to force a power or current profile.
 *
 *
 */
export type ChargingRateUnitEnumType = "W" | "A";
export interface GetCompositeScheduleRequest {
  /**
   * Length of the requested schedule in seconds.
   *
   *
   */
  duration: number;
  chargingRateUnit?: ChargingRateUnitEnumType;
  /**
   * The ID of the EVSE for which the schedule is requested. When evseid=0, the Charging Station will calculate the expected consumption for the grid connection.
   *
   */
  evseId: number;
  customData?: CustomDataType;
}
/**
 * *(2.1)* Charging operation mode to use during this time interval. When absent defaults to `ChargingOnly`.
 *
 */
export type OperationModeEnumType =
  | "Idle"
  | "ChargingOnly"
  | "CentralSetpoint"
  | "ExternalSetpoint"
  | "ExternalLimits"
  | "CentralFrequency"
  | "LocalFrequency"
  | "LocalLoadBalancing";
export interface GetCompositeScheduleResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  schedule?: CompositeScheduleType;
  customData?: CustomDataType;
}
export interface CompositeScheduleType {
  evseId: number;
  duration: number;
  scheduleStart: string;
  chargingRateUnit: ChargingRateUnitEnumType;
  /**
   * @minItems 1
   */
  chargingSchedulePeriod: [ChargingSchedulePeriodType, ...ChargingSchedulePeriodType[]];
  customData?: CustomDataType;
}
/**
 * Charging schedule period structure defines a time period in a charging schedule. It is used in: CompositeScheduleType and in ChargingScheduleType. When used in a NotifyEVChargingScheduleRequest only _startPeriod_, _limit_, _limit_L2_, _limit_L3_ are relevant.
 *
 */
export interface ChargingSchedulePeriodType {
  /**
   * Start of the period, in seconds from the start of schedule. The value of StartPeriod also defines the stop time of the previous period.
   *
   */
  startPeriod: number;
  /**
   * Optional only when not required by the _operationMode_, as in CentralSetpoint, ExternalSetpoint, ExternalLimits, LocalFrequency,  LocalLoadBalancing. +
   * Charging rate limit during the schedule period, in the applicable _chargingRateUnit_.
   * This SHOULD be a non-negative value; a negative value is only supported for backwards compatibility with older systems that use a negative value to specify a discharging limit.
   * When using _chargingRateUnit_ = `W`, this field represents the sum of the power of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  limit?: number;
  /**
   * *(2.1)* Charging rate limit on phase L2  in the applicable _chargingRateUnit_.
   *
   */
  limit_L2?: number;
  /**
   * *(2.1)* Charging rate limit on phase L3  in the applicable _chargingRateUnit_.
   *
   */
  limit_L3?: number;
  /**
   * The number of phases that can be used for charging. +
   * For a DC EVSE this field should be omitted. +
   * For an AC EVSE a default value of _numberPhases_ = 3 will be assumed if the field is absent.
   *
   */
  numberPhases?: number;
  /**
   * Values: 1..3, Used if numberPhases=1 and if the EVSE is capable of switching the phase connected to the EV, i.e. ACPhaseSwitchingSupported is defined and true. It’s not allowed unless both conditions above are true. If both conditions are true, and phaseToUse is omitted, the Charging Station / EVSE will make the selection on its own.
   *
   *
   */
  phaseToUse?: number;
  /**
   * *(2.1)* Limit in _chargingRateUnit_ that the EV is allowed to discharge with. Note, these are negative values in order to be consistent with _setpoint_, which can be positive and negative.  +
   * For AC this field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  dischargeLimit?: number;
  /**
   * *(2.1)* Limit in _chargingRateUnit_ on phase L2 that the EV is allowed to discharge with.
   *
   */
  dischargeLimit_L2?: number;
  /**
   * *(2.1)* Limit in _chargingRateUnit_ on phase L3 that the EV is allowed to discharge with.
   *
   */
  dischargeLimit_L3?: number;
  /**
   * *(2.1)* Setpoint in _chargingRateUnit_ that the EV should follow as close as possible. Use negative values for discharging. +
   * When a limit and/or _dischargeLimit_ are given the overshoot when following _setpoint_ must remain within these values.
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  setpoint?: number;
  /**
   * *(2.1)* Setpoint in _chargingRateUnit_ that the EV should follow on phase L2 as close as possible.
   *
   */
  setpoint_L2?: number;
  /**
   * *(2.1)* Setpoint in _chargingRateUnit_ that the EV should follow on phase L3 as close as possible.
   *
   */
  setpoint_L3?: number;
  /**
   * *(2.1)* Setpoint for reactive power (or current) in _chargingRateUnit_ that the EV should follow as closely as possible. Positive values for inductive, negative for capacitive reactive power or current.  +
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  setpointReactive?: number;
  /**
   * *(2.1)* Setpoint for reactive power (or current) in _chargingRateUnit_ that the EV should follow on phase L2 as closely as possible.
   *
   */
  setpointReactive_L2?: number;
  /**
   * *(2.1)* Setpoint for reactive power (or current) in _chargingRateUnit_ that the EV should follow on phase L3 as closely as possible.
   *
   */
  setpointReactive_L3?: number;
  /**
   * *(2.1)* If  true, the EV should attempt to keep the BMS preconditioned for this time interval.
   *
   */
  preconditioningRequest?: boolean;
  /**
   * *(2.1)* If true, the EVSE must turn off power electronics/modules associated with this transaction. Default value when absent is false.
   *
   */
  evseSleep?: boolean;
  /**
   * *(2.1)* Power value that, when present, is used as a baseline on top of which values from _v2xFreqWattCurve_ and _v2xSignalWattCurve_ are added.
   *
   *
   */
  v2xBaseline?: number;
  operationMode?: OperationModeEnumType;
  /**
   * @minItems 1
   * @maxItems 20
   */
  v2xFreqWattCurve?:
    | [V2XFreqWattPointType]
    | [V2XFreqWattPointType, V2XFreqWattPointType]
    | [V2XFreqWattPointType, V2XFreqWattPointType, V2XFreqWattPointType]
    | [V2XFreqWattPointType, V2XFreqWattPointType, V2XFreqWattPointType, V2XFreqWattPointType]
    | [V2XFreqWattPointType, V2XFreqWattPointType, V2XFreqWattPointType, V2XFreqWattPointType, V2XFreqWattPointType]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ]
    | [
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType,
        V2XFreqWattPointType
      ];
  /**
   * @minItems 1
   * @maxItems 20
   */
  v2xSignalWattCurve?:
    | [V2XSignalWattPointType]
    | [V2XSignalWattPointType, V2XSignalWattPointType]
    | [V2XSignalWattPointType, V2XSignalWattPointType, V2XSignalWattPointType]
    | [V2XSignalWattPointType, V2XSignalWattPointType, V2XSignalWattPointType, V2XSignalWattPointType]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ]
    | [
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType,
        V2XSignalWattPointType
      ];
  customData?: CustomDataType;
}
/**
 * *(2.1)* A point of a frequency-watt curve.
 *
 */
export interface V2XFreqWattPointType {
  /**
   * Net frequency in Hz.
   *
   */
  frequency: number;
  /**
   * Power in W to charge (positive) or discharge (negative) at specified frequency.
   *
   */
  power: number;
  customData?: CustomDataType;
}
/**
 * *(2.1)* A point of a signal-watt curve.
 *
 */
export interface V2XSignalWattPointType {
  /**
   * Signal value from an AFRRSignalRequest.
   *
   */
  signal: number;
  /**
   * Power in W to charge (positive) or discharge (negative) at specified frequency.
   *
   */
  power: number;
  customData?: CustomDataType;
}
export interface GetDERControlRequest {
  /**
   * RequestId to be used in ReportDERControlRequest.
   *
   */
  requestId: number;
  /**
   * True: get a default DER control. False: get a scheduled control.
   *
   *
   */
  isDefault?: boolean;
  controlType?: DERControlEnumType;
  /**
   * Id of setting to get. When omitted all settings for _controlType_ are retrieved.
   *
   *
   */
  controlId?: string;
  customData?: CustomDataType;
}
export interface GetDERControlResponse {
  status: DERControlStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * If provided the Charging Station shall return Display Messages with the given priority only.
 *
 */
export type MessagePriorityEnumType = "AlwaysFront" | "InFront" | "NormalCycle";
/**
 * If provided the Charging Station shall return Display Messages with the given state only.
 *
 */
export type MessageStateEnumType = "Charging" | "Faulted" | "Idle" | "Unavailable" | "Suspended" | "Discharging";
export interface GetDisplayMessagesRequest {
  /**
   * If provided the Charging Station shall return Display Messages of the given ids. This field SHALL NOT contain more ids than set in &lt;&lt;configkey-number-of-display-messages,NumberOfDisplayMessages.maxLimit&gt;&gt;
   *
   *
   *
   * @minItems 1
   */
  id?: [number, ...number[]];
  /**
   * The Id of this request.
   *
   */
  requestId: number;
  priority?: MessagePriorityEnumType;
  state?: MessageStateEnumType;
  customData?: CustomDataType;
}
/**
 * Indicates if the Charging Station has Display Messages that match the request criteria in the &lt;&lt;getdisplaymessagesrequest,GetDisplayMessagesRequest&gt;&gt;
 *
 */
export type GetDisplayMessagesStatusEnumType = "Accepted" | "Unknown";
export interface GetDisplayMessagesResponse {
  status: GetDisplayMessagesStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export type GetCertificateIdUseEnumType =
  | "V2GRootCertificate"
  | "MORootCertificate"
  | "CSMSRootCertificate"
  | "V2GCertificateChain"
  | "ManufacturerRootCertificate"
  | "OEMRootCertificate";
export interface GetInstalledCertificateIdsRequest {
  /**
   * Indicates the type of certificates requested. When omitted, all certificate types are requested.
   *
   *
   * @minItems 1
   */
  certificateType?: [GetCertificateIdUseEnumType, ...GetCertificateIdUseEnumType[]];
  customData?: CustomDataType;
}
/**
 * Charging Station indicates if it can process the request.
 *
 */
export type GetInstalledCertificateStatusEnumType = "Accepted" | "NotFound";
export interface GetInstalledCertificateIdsResponse {
  status: GetInstalledCertificateStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * @minItems 1
   */
  certificateHashDataChain?: [CertificateHashDataChainType, ...CertificateHashDataChainType[]];
  customData?: CustomDataType;
}
export interface CertificateHashDataChainType {
  certificateHashData: CertificateHashDataType;
  certificateType: GetCertificateIdUseEnumType;
  /**
   * @minItems 1
   * @maxItems 4
   */
  childCertificateHashData?:
    | [CertificateHashDataType]
    | [CertificateHashDataType, CertificateHashDataType]
    | [CertificateHashDataType, CertificateHashDataType, CertificateHashDataType]
    | [CertificateHashDataType, CertificateHashDataType, CertificateHashDataType, CertificateHashDataType];
  customData?: CustomDataType;
}
export interface GetLocalListVersionRequest {
  customData?: CustomDataType;
}
export interface GetLocalListVersionResponse {
  /**
   * This contains the current version number of the local authorization list in the Charging Station.
   *
   */
  versionNumber: number;
  customData?: CustomDataType;
}
/**
 * This contains the type of log file that the Charging Station
 * should send.
 *
 */
export type LogEnumType = "DiagnosticsLog" | "SecurityLog" | "DataCollectorLog";
export interface GetLogRequest {
  log: LogParametersType;
  logType: LogEnumType;
  /**
   * The Id of this request
   *
   */
  requestId: number;
  /**
   * This specifies how many times the Charging Station must retry to upload the log before giving up. If this field is not present, it is left to Charging Station to decide how many times it wants to retry. If the value is 0, it means: no retries.
   *
   */
  retries?: number;
  /**
   * The interval in seconds after which a retry may be attempted. If this field is not present, it is left to Charging Station to decide how long to wait between attempts.
   *
   */
  retryInterval?: number;
  customData?: CustomDataType;
}
/**
 * Generic class for the configuration of logging entries.
 *
 */
export interface LogParametersType {
  /**
   * The URL of the location at the remote system where the log should be stored.
   *
   */
  remoteLocation: string;
  /**
   * This contains the date and time of the oldest logging information to include in the diagnostics.
   *
   */
  oldestTimestamp?: string;
  /**
   * This contains the date and time of the latest logging information to include in the diagnostics.
   *
   */
  latestTimestamp?: string;
  customData?: CustomDataType;
}
/**
 * This field indicates whether the Charging Station was able to accept the request.
 *
 */
export type LogStatusEnumType = "Accepted" | "Rejected" | "AcceptedCanceled";
export interface GetLogResponse {
  status: LogStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * This contains the name of the log file that will be uploaded. This field is not present when no logging information is available.
   *
   */
  filename?: string;
  customData?: CustomDataType;
}
export type MonitoringCriterionEnumType = "ThresholdMonitoring" | "DeltaMonitoring" | "PeriodicMonitoring";
export interface GetMonitoringReportRequest {
  /**
   * @minItems 1
   */
  componentVariable?: [ComponentVariableType, ...ComponentVariableType[]];
  /**
   * The Id of the request.
   *
   */
  requestId: number;
  /**
   * This field contains criteria for components for which a monitoring report is requested
   *
   *
   * @minItems 1
   * @maxItems 3
   */
  monitoringCriteria?:
    | [MonitoringCriterionEnumType]
    | [MonitoringCriterionEnumType, MonitoringCriterionEnumType]
    | [MonitoringCriterionEnumType, MonitoringCriterionEnumType, MonitoringCriterionEnumType];
  customData?: CustomDataType;
}
/**
 * Class to report components, variables and variable attributes and characteristics.
 *
 */
export interface ComponentVariableType {
  component: ComponentType;
  variable?: VariableType;
  customData?: CustomDataType;
}
/**
 * A physical or logical component
 *
 */
export interface ComponentType {
  evse?: EVSEType;
  /**
   * Name of the component. Name should be taken from the list of standardized component names whenever possible. Case Insensitive. strongly advised to use Camel Case.
   *
   */
  name: string;
  /**
   * Name of instance in case the component exists as multiple instances. Case Insensitive. strongly advised to use Camel Case.
   *
   */
  instance?: string;
  customData?: CustomDataType;
}
/**
 * Reference key to a component-variable.
 *
 */
export interface VariableType {
  /**
   * Name of the variable. Name should be taken from the list of standardized variable names whenever possible. Case Insensitive. strongly advised to use Camel Case.
   *
   */
  name: string;
  /**
   * Name of instance in case the variable exists as multiple instances. Case Insensitive. strongly advised to use Camel Case.
   *
   */
  instance?: string;
  customData?: CustomDataType;
}
export interface GetMonitoringReportResponse {
  status: GenericDeviceModelStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * This message is empty. It has no fields.
 *
 */
export interface GetPeriodicEventStreamRequest {
  customData?: CustomDataType;
}
export interface GetPeriodicEventStreamResponse {
  /**
   * @minItems 1
   */
  constantStreamData?: [ConstantStreamDataType, ...ConstantStreamDataType[]];
  customData?: CustomDataType;
}
export interface ConstantStreamDataType {
  /**
   * Uniquely identifies the stream
   *
   */
  id: number;
  params: PeriodicEventStreamParamsType;
  /**
   * Id of monitor used to report his event. It can be a preconfigured or hardwired monitor.
   *
   */
  variableMonitoringId: number;
  customData?: CustomDataType;
}
export type ComponentCriterionEnumType = "Active" | "Available" | "Enabled" | "Problem";
export interface GetReportRequest {
  /**
   * @minItems 1
   */
  componentVariable?: [ComponentVariableType, ...ComponentVariableType[]];
  /**
   * The Id of the request.
   *
   */
  requestId: number;
  /**
   * This field contains criteria for components for which a report is requested
   *
   *
   * @minItems 1
   * @maxItems 4
   */
  componentCriteria?:
    | [ComponentCriterionEnumType]
    | [ComponentCriterionEnumType, ComponentCriterionEnumType]
    | [ComponentCriterionEnumType, ComponentCriterionEnumType, ComponentCriterionEnumType]
    | [ComponentCriterionEnumType, ComponentCriterionEnumType, ComponentCriterionEnumType, ComponentCriterionEnumType];
  customData?: CustomDataType;
}
export interface GetReportResponse {
  status: GenericDeviceModelStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface GetTariffsRequest {
  /**
   * EVSE id to get tariff from. When _evseId_ = 0, this gets tariffs from all EVSEs.
   *
   */
  evseId: number;
  customData?: CustomDataType;
}
/**
 * Status of operation
 *
 */
export type TariffGetStatusEnumType = "Accepted" | "Rejected" | "NoTariff";
/**
 * Kind of tariff (driver/default)
 *
 */
export type TariffKindEnumType = "DefaultTariff" | "DriverTariff";
export interface GetTariffsResponse {
  status: TariffGetStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * @minItems 1
   */
  tariffAssignments?: [TariffAssignmentType, ...TariffAssignmentType[]];
  customData?: CustomDataType;
}
/**
 * Shows assignment of tariffs to EVSE or IdToken.
 *
 */
export interface TariffAssignmentType {
  /**
   * Tariff id.
   *
   */
  tariffId: string;
  tariffKind: TariffKindEnumType;
  /**
   * Date/time when this tariff become active.
   *
   */
  validFrom?: string;
  /**
   * @minItems 1
   */
  evseIds?: [number, ...number[]];
  /**
   * IdTokens related to tariff
   *
   *
   * @minItems 1
   */
  idTokens?: [string, ...string[]];
  customData?: CustomDataType;
}
export interface GetTransactionStatusRequest {
  /**
   * The Id of the transaction for which the status is requested.
   *
   */
  transactionId?: string;
  customData?: CustomDataType;
}
export interface GetTransactionStatusResponse {
  /**
   * Whether the transaction is still ongoing.
   *
   */
  ongoingIndicator?: boolean;
  /**
   * Whether there are still message to be delivered.
   *
   */
  messagesInQueue: boolean;
  customData?: CustomDataType;
}
/**
 * Attribute type for which value is requested. When absent, default Actual is assumed.
 *
 */
export type AttributeEnumType = "Actual" | "Target" | "MinSet" | "MaxSet";
export interface GetVariablesRequest {
  /**
   * @minItems 1
   */
  getVariableData: [GetVariableDataType, ...GetVariableDataType[]];
  customData?: CustomDataType;
}
/**
 * Class to hold parameters for GetVariables request.
 *
 */
export interface GetVariableDataType {
  attributeType?: AttributeEnumType;
  component: ComponentType;
  variable: VariableType;
  customData?: CustomDataType;
}
export type GetVariableStatusEnumType =
  "Accepted" | "Rejected" | "UnknownComponent" | "UnknownVariable" | "NotSupportedAttributeType";
export interface GetVariablesResponse {
  /**
   * @minItems 1
   */
  getVariableResult: [GetVariableResultType, ...GetVariableResultType[]];
  customData?: CustomDataType;
}
/**
 * Class to hold results of GetVariables request.
 *
 */
export interface GetVariableResultType {
  attributeStatus: GetVariableStatusEnumType;
  attributeStatusInfo?: StatusInfoType;
  attributeType?: AttributeEnumType;
  /**
   * Value of requested attribute type of component-variable. This field can only be empty when the given status is NOT accepted.
   *
   * The Configuration Variable &lt;&lt;configkey-reporting-value-size,ReportingValueSize&gt;&gt; can be used to limit GetVariableResult.attributeValue, VariableAttribute.value and EventData.actualValue. The max size of these values will always remain equal.
   *
   *
   */
  attributeValue?: string;
  component: ComponentType;
  variable: VariableType;
  customData?: CustomDataType;
}
export interface HeartbeatRequest {
  customData?: CustomDataType;
}
export interface HeartbeatResponse {
  /**
   * Contains the current time of the CSMS.
   *
   */
  currentTime: string;
  customData?: CustomDataType;
}
/**
 * Indicates the certificate type that is sent.
 *
 */
export type InstallCertificateUseEnumType =
  | "V2GRootCertificate"
  | "MORootCertificate"
  | "ManufacturerRootCertificate"
  | "CSMSRootCertificate"
  | "OEMRootCertificate";
export interface InstallCertificateRequest {
  certificateType: InstallCertificateUseEnumType;
  /**
   * A PEM encoded X.509 certificate.
   *
   */
  certificate: string;
  customData?: CustomDataType;
}
/**
 * Charging Station indicates if installation was successful.
 *
 */
export type InstallCertificateStatusEnumType = "Accepted" | "Rejected" | "Failed";
export interface InstallCertificateResponse {
  status: InstallCertificateStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * This contains the status of the log upload.
 *
 */
export type UploadLogStatusEnumType =
  | "BadMessage"
  | "Idle"
  | "NotSupportedOperation"
  | "PermissionDenied"
  | "Uploaded"
  | "UploadFailure"
  | "Uploading"
  | "AcceptedCanceled";
export interface LogStatusNotificationRequest {
  status: UploadLogStatusEnumType;
  /**
   * The request id that was provided in GetLogRequest that started this log upload. This field is mandatory,
   * unless the message was triggered by a TriggerMessageRequest AND there is no log upload ongoing.
   *
   */
  requestId?: number;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface LogStatusNotificationResponse {
  customData?: CustomDataType;
}
/**
 * Type of measurement. Default = "Energy.Active.Import.Register"
 *
 */
export type MeasurandEnumType =
  | "Current.Export"
  | "Current.Export.Offered"
  | "Current.Export.Minimum"
  | "Current.Import"
  | "Current.Import.Offered"
  | "Current.Import.Minimum"
  | "Current.Offered"
  | "Display.PresentSOC"
  | "Display.MinimumSOC"
  | "Display.TargetSOC"
  | "Display.MaximumSOC"
  | "Display.RemainingTimeToMinimumSOC"
  | "Display.RemainingTimeToTargetSOC"
  | "Display.RemainingTimeToMaximumSOC"
  | "Display.ChargingComplete"
  | "Display.BatteryEnergyCapacity"
  | "Display.InletHot"
  | "Energy.Active.Export.Interval"
  | "Energy.Active.Export.Register"
  | "Energy.Active.Import.Interval"
  | "Energy.Active.Import.Register"
  | "Energy.Active.Import.CableLoss"
  | "Energy.Active.Import.LocalGeneration.Register"
  | "Energy.Active.Net"
  | "Energy.Active.Setpoint.Interval"
  | "Energy.Apparent.Export"
  | "Energy.Apparent.Import"
  | "Energy.Apparent.Net"
  | "Energy.Reactive.Export.Interval"
  | "Energy.Reactive.Export.Register"
  | "Energy.Reactive.Import.Interval"
  | "Energy.Reactive.Import.Register"
  | "Energy.Reactive.Net"
  | "EnergyRequest.Target"
  | "EnergyRequest.Minimum"
  | "EnergyRequest.Maximum"
  | "EnergyRequest.Minimum.V2X"
  | "EnergyRequest.Maximum.V2X"
  | "EnergyRequest.Bulk"
  | "Frequency"
  | "Power.Active.Export"
  | "Power.Active.Import"
  | "Power.Active.Setpoint"
  | "Power.Active.Residual"
  | "Power.Export.Minimum"
  | "Power.Export.Offered"
  | "Power.Factor"
  | "Power.Import.Offered"
  | "Power.Import.Minimum"
  | "Power.Offered"
  | "Power.Reactive.Export"
  | "Power.Reactive.Import"
  | "SoC"
  | "Voltage"
  | "Voltage.Minimum"
  | "Voltage.Maximum";
/**
 * Type of detail value: start, end or sample. Default = "Sample.Periodic"
 *
 */
export type ReadingContextEnumType =
  | "Interruption.Begin"
  | "Interruption.End"
  | "Other"
  | "Sample.Clock"
  | "Sample.Periodic"
  | "Transaction.Begin"
  | "Transaction.End"
  | "Trigger";
/**
 * Indicates how the measured value is to be interpreted. For instance between L1 and neutral (L1-N) Please note that not all values of phase are applicable to all Measurands. When phase is absent, the measured value is interpreted as an overall value.
 *
 */
export type PhaseEnumType = "L1" | "L2" | "L3" | "N" | "L1-N" | "L2-N" | "L3-N" | "L1-L2" | "L2-L3" | "L3-L1";
/**
 * Indicates where the measured value has been sampled. Default =  "Outlet"
 *
 *
 */
export type LocationEnumType = "Body" | "Cable" | "EV" | "Inlet" | "Outlet" | "Upstream";
export interface MeterValuesRequest {
  /**
   * This contains a number (&gt;0) designating an EVSE of the Charging Station. ‘0’ (zero) is used to designate the main power meter.
   *
   */
  evseId: number;
  /**
   * @minItems 1
   */
  meterValue: [MeterValueType, ...MeterValueType[]];
  customData?: CustomDataType;
}
/**
 * Collection of one or more sampled values in MeterValuesRequest and TransactionEvent. All sampled values in a MeterValue are sampled at the same point in time.
 *
 */
export interface MeterValueType {
  /**
   * @minItems 1
   */
  sampledValue: [SampledValueType, ...SampledValueType[]];
  /**
   * Timestamp for measured value(s).
   *
   */
  timestamp: string;
  customData?: CustomDataType;
}
/**
 * Single sampled value in MeterValues. Each value can be accompanied by optional fields.
 *
 * To save on mobile data usage, default values of all of the optional fields are such that. The value without any additional fields will be interpreted, as a register reading of active import energy in Wh (Watt-hour) units.
 *
 */
export interface SampledValueType {
  /**
   * Indicates the measured value.
   *
   *
   */
  value: number;
  measurand?: MeasurandEnumType;
  context?: ReadingContextEnumType;
  phase?: PhaseEnumType;
  location?: LocationEnumType;
  signedMeterValue?: SignedMeterValueType;
  unitOfMeasure?: UnitOfMeasureType;
  customData?: CustomDataType;
}
/**
 * Represent a signed version of the meter value.
 *
 */
export interface SignedMeterValueType {
  /**
   * Base64 encoded, contains the signed data from the meter in the format specified in _encodingMethod_, which might contain more then just the meter value. It can contain information like timestamps, reference to a customer etc.
   *
   */
  signedMeterData: string;
  /**
   * *(2.1)* Method used to create the digital signature. Optional, if already included in _signedMeterData_. Standard values for this are defined in Appendix as SigningMethodEnumStringType.
   *
   */
  signingMethod?: string;
  /**
   * Format used by the energy meter to encode the meter data. For example: OCMF or EDL.
   *
   */
  encodingMethod: string;
  /**
   * *(2.1)* Base64 encoded, sending depends on configuration variable _PublicKeyWithSignedMeterValue_.
   *
   */
  publicKey?: string;
  customData?: CustomDataType;
}
/**
 * Represents a UnitOfMeasure with a multiplier
 *
 */
export interface UnitOfMeasureType {
  /**
   * Unit of the value. Default = "Wh" if the (default) measurand is an "Energy" type.
   * This field SHALL use a value from the list Standardized Units of Measurements in Part 2 Appendices.
   * If an applicable unit is available in that list, otherwise a "custom" unit might be used.
   *
   */
  unit?: string;
  /**
   * Multiplier, this value represents the exponent to base 10. I.e. multiplier 3 means 10 raised to the 3rd power. Default is 0. +
   * The _multiplier_ only multiplies the value of the measurand. It does not specify a conversion between units, for example, kW and W.
   *
   */
  multiplier?: number;
  customData?: CustomDataType;
}
export interface MeterValuesResponse {
  customData?: CustomDataType;
}
export interface NotifyAllowedEnergyTransferRequest {
  /**
   * The transaction for which the allowed energy transfer is allowed.
   *
   */
  transactionId: string;
  /**
   * Modes of energy transfer that are accepted by CSMS.
   *
   *
   * @minItems 1
   */
  allowedEnergyTransfer: [EnergyTransferModeEnumType, ...EnergyTransferModeEnumType[]];
  customData?: CustomDataType;
}
export type NotifyAllowedEnergyTransferStatusEnumType = "Accepted" | "Rejected";
export interface NotifyAllowedEnergyTransferResponse {
  status: NotifyAllowedEnergyTransferStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * The kind of cost referred to in the message element amount
 *
 */
export type CostKindEnumType = "CarbonDioxideEmission" | "RelativePricePercentage" | "RenewableGenerationPercentage";
export interface NotifyChargingLimitRequest {
  /**
   * @minItems 1
   */
  chargingSchedule?: [ChargingScheduleType, ...ChargingScheduleType[]];
  /**
   * The EVSE to which the charging limit is set. If absent or when zero, it applies to the entire Charging Station.
   *
   */
  evseId?: number;
  chargingLimit: ChargingLimitType;
  customData?: CustomDataType;
}
/**
 * Charging schedule structure defines a list of charging periods, as used in: NotifyEVChargingScheduleRequest and ChargingProfileType. When used in a NotifyEVChargingScheduleRequest only _duration_ and _chargingSchedulePeriod_ are relevant and _chargingRateUnit_ must be 'W'. +
 * An ISO 15118-20 session may provide either an _absolutePriceSchedule_ or a _priceLevelSchedule_. An ISO 15118-2 session can only provide a_salesTariff_ element. The field _digestValue_ is used when price schedule or sales tariff are signed.
 *
 * image::images/ChargingSchedule-Simple.png[]
 *
 *
 *
 */
export interface ChargingScheduleType {
  id: number;
  limitAtSoC?: LimitAtSoCType;
  /**
   * Starting point of an absolute schedule or recurring schedule.
   *
   */
  startSchedule?: string;
  /**
   * Duration of the charging schedule in seconds. If the duration is left empty, the last period will continue indefinitely or until end of the transaction in case startSchedule is absent.
   *
   */
  duration?: number;
  chargingRateUnit: ChargingRateUnitEnumType;
  /**
   * Minimum charging rate supported by the EV. The unit of measure is defined by the chargingRateUnit. This parameter is intended to be used by a local smart charging algorithm to optimize the power allocation for in the case a charging process is inefficient at lower charging rates.
   *
   */
  minChargingRate?: number;
  /**
   * *(2.1)* Power tolerance when following EVPowerProfile.
   *
   *
   */
  powerTolerance?: number;
  /**
   * *(2.1)* Id of this element for referencing in a signature.
   *
   */
  signatureId?: number;
  /**
   * *(2.1)* Base64 encoded hash (SHA256 for ISO 15118-2, SHA512 for ISO 15118-20) of the EXI price schedule element. Used in signature.
   *
   */
  digestValue?: string;
  /**
   * *(2.1)* Defaults to false. When true, disregard time zone offset in dateTime fields of  _ChargingScheduleType_ and use unqualified local time at Charging Station instead.
   *  This allows the same `Absolute` or `Recurring` charging profile to be used in both summer and winter time.
   *
   *
   */
  useLocalTime?: boolean;
  /**
   * @minItems 1
   * @maxItems 1024
   */
  chargingSchedulePeriod: [ChargingSchedulePeriodType, ...ChargingSchedulePeriodType[]];
  /**
   * *(2.1)* Defaults to 0. When _randomizedDelay_ not equals zero, then the start of each &lt;&lt;cmn_chargingscheduleperiodtype,ChargingSchedulePeriodType&gt;&gt; is delayed by a randomly chosen number of seconds between 0 and _randomizedDelay_.  Only allowed for TxProfile and TxDefaultProfile.
   *
   *
   */
  randomizedDelay?: number;
  salesTariff?: SalesTariffType;
  absolutePriceSchedule?: AbsolutePriceScheduleType;
  priceLevelSchedule?: PriceLevelScheduleType;
  customData?: CustomDataType;
}
export interface LimitAtSoCType {
  /**
   * The SoC value beyond which the charging rate limit should be applied.
   *
   */
  soc: number;
  /**
   * Charging rate limit beyond the SoC value.
   * The unit is defined by _chargingSchedule.chargingRateUnit_.
   *
   *
   */
  limit: number;
  customData?: CustomDataType;
}
/**
 * A SalesTariff provided by a Mobility Operator (EMSP) .
 * NOTE: This dataType is based on dataTypes from &lt;&lt;ref-ISOIEC15118-2,ISO 15118-2&gt;&gt;.
 *
 */
export interface SalesTariffType {
  /**
   * SalesTariff identifier used to identify one sales tariff. An SAID remains a unique identifier for one schedule throughout a charging session.
   *
   */
  id: number;
  /**
   * A human readable title/short description of the sales tariff e.g. for HMI display purposes.
   *
   */
  salesTariffDescription?: string;
  /**
   * Defines the overall number of distinct price levels used across all provided SalesTariff elements.
   *
   */
  numEPriceLevels?: number;
  /**
   * @minItems 1
   * @maxItems 1024
   */
  salesTariffEntry: [SalesTariffEntryType, ...SalesTariffEntryType[]];
  customData?: CustomDataType;
}
export interface SalesTariffEntryType {
  relativeTimeInterval: RelativeTimeIntervalType;
  /**
   * Defines the price level of this SalesTariffEntry (referring to NumEPriceLevels). Small values for the EPriceLevel represent a cheaper TariffEntry. Large values for the EPriceLevel represent a more expensive TariffEntry.
   *
   */
  ePriceLevel?: number;
  /**
   * @minItems 1
   * @maxItems 3
   */
  consumptionCost?:
    | [ConsumptionCostType]
    | [ConsumptionCostType, ConsumptionCostType]
    | [ConsumptionCostType, ConsumptionCostType, ConsumptionCostType];
  customData?: CustomDataType;
}
export interface RelativeTimeIntervalType {
  /**
   * Start of the interval, in seconds from NOW.
   *
   */
  start: number;
  /**
   * Duration of the interval, in seconds.
   *
   */
  duration?: number;
  customData?: CustomDataType;
}
export interface ConsumptionCostType {
  /**
   * The lowest level of consumption that defines the starting point of this consumption block. The block interval extends to the start of the next interval.
   *
   */
  startValue: number;
  /**
   * @minItems 1
   * @maxItems 3
   */
  cost: [CostType] | [CostType, CostType] | [CostType, CostType, CostType];
  customData?: CustomDataType;
}
export interface CostType {
  costKind: CostKindEnumType;
  /**
   * The estimated or actual cost per kWh
   *
   */
  amount: number;
  /**
   * Values: -3..3, The amountMultiplier defines the exponent to base 10 (dec). The final value is determined by: amount * 10 ^ amountMultiplier
   *
   */
  amountMultiplier?: number;
  customData?: CustomDataType;
}
/**
 * The AbsolutePriceScheduleType is modeled after the same type that is defined in ISO 15118-20, such that if it is supplied by an EMSP as a signed EXI message, the conversion from EXI to JSON (in OCPP) and back to EXI (for ISO 15118-20) does not change the digest and therefore does not invalidate the signature.
 *
 * image::images/AbsolutePriceSchedule-Simple.png[]
 *
 *
 */
export interface AbsolutePriceScheduleType {
  /**
   * Starting point of price schedule.
   *
   */
  timeAnchor: string;
  /**
   * Unique ID of price schedule
   *
   */
  priceScheduleID: number;
  /**
   * Description of the price schedule.
   *
   */
  priceScheduleDescription?: string;
  /**
   * Currency according to ISO 4217.
   *
   */
  currency: string;
  /**
   * String that indicates what language is used for the human readable strings in the price schedule. Based on ISO 639.
   *
   */
  language: string;
  /**
   * A string in URN notation which shall uniquely identify an algorithm that defines how to compute an energy fee sum for a specific power profile based on the EnergyFee information from the PriceRule elements.
   *
   */
  priceAlgorithm: string;
  minimumCost?: RationalNumberType;
  maximumCost?: RationalNumberType;
  /**
   * @minItems 1
   * @maxItems 1024
   */
  priceRuleStacks: [PriceRuleStackType, ...PriceRuleStackType[]];
  /**
   * @minItems 1
   * @maxItems 10
   */
  taxRules?:
    | [TaxRuleType]
    | [TaxRuleType, TaxRuleType]
    | [TaxRuleType, TaxRuleType, TaxRuleType]
    | [TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType]
    | [TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType]
    | [TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType]
    | [TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType]
    | [TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType, TaxRuleType]
    | [
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType
      ]
    | [
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType,
        TaxRuleType
      ];
  overstayRuleList?: OverstayRuleListType;
  /**
   * @minItems 1
   * @maxItems 5
   */
  additionalSelectedServices?:
    | [AdditionalSelectedServicesType]
    | [AdditionalSelectedServicesType, AdditionalSelectedServicesType]
    | [AdditionalSelectedServicesType, AdditionalSelectedServicesType, AdditionalSelectedServicesType]
    | [
        AdditionalSelectedServicesType,
        AdditionalSelectedServicesType,
        AdditionalSelectedServicesType,
        AdditionalSelectedServicesType
      ]
    | [
        AdditionalSelectedServicesType,
        AdditionalSelectedServicesType,
        AdditionalSelectedServicesType,
        AdditionalSelectedServicesType,
        AdditionalSelectedServicesType
      ];
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 *
 */
export interface RationalNumberType {
  /**
   * The exponent to base 10 (dec)
   *
   */
  exponent: number;
  /**
   * Value which shall be multiplied.
   *
   */
  value: number;
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 */
export interface PriceRuleStackType {
  /**
   * Duration of the stack of price rules.  he amount of seconds that define the duration of the given PriceRule(s).
   *
   */
  duration: number;
  /**
   * @minItems 1
   * @maxItems 8
   */
  priceRule:
    | [PriceRuleType]
    | [PriceRuleType, PriceRuleType]
    | [PriceRuleType, PriceRuleType, PriceRuleType]
    | [PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType]
    | [PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType]
    | [PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType]
    | [PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType, PriceRuleType]
    | [
        PriceRuleType,
        PriceRuleType,
        PriceRuleType,
        PriceRuleType,
        PriceRuleType,
        PriceRuleType,
        PriceRuleType,
        PriceRuleType
      ];
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 *
 */
export interface PriceRuleType {
  /**
   * The duration of the parking fee period (in seconds).
   * When the time enters into a ParkingFeePeriod, the ParkingFee will apply to the session. .
   *
   */
  parkingFeePeriod?: number;
  /**
   * Number of grams of CO2 per kWh.
   *
   */
  carbonDioxideEmission?: number;
  /**
   * Percentage of the power that is created by renewable resources.
   *
   */
  renewableGenerationPercentage?: number;
  energyFee: RationalNumberType;
  parkingFee?: RationalNumberType;
  powerRangeStart: RationalNumberType;
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 *
 */
export interface TaxRuleType {
  /**
   * Id for the tax rule.
   *
   */
  taxRuleID: number;
  /**
   * Human readable string to identify the tax rule.
   *
   */
  taxRuleName?: string;
  /**
   * Indicates whether the tax is included in any price or not.
   *
   */
  taxIncludedInPrice?: boolean;
  /**
   * Indicates whether this tax applies to Energy Fees.
   *
   */
  appliesToEnergyFee: boolean;
  /**
   * Indicates whether this tax applies to Parking Fees.
   *
   *
   */
  appliesToParkingFee: boolean;
  /**
   * Indicates whether this tax applies to Overstay Fees.
   *
   *
   */
  appliesToOverstayFee: boolean;
  /**
   * Indicates whether this tax applies to Minimum/Maximum Cost.
   *
   *
   */
  appliesToMinimumMaximumCost: boolean;
  taxRate: RationalNumberType;
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 *
 */
export interface OverstayRuleListType {
  overstayPowerThreshold?: RationalNumberType;
  /**
   * @minItems 1
   * @maxItems 5
   */
  overstayRule:
    | [OverstayRuleType]
    | [OverstayRuleType, OverstayRuleType]
    | [OverstayRuleType, OverstayRuleType, OverstayRuleType]
    | [OverstayRuleType, OverstayRuleType, OverstayRuleType, OverstayRuleType]
    | [OverstayRuleType, OverstayRuleType, OverstayRuleType, OverstayRuleType, OverstayRuleType];
  /**
   * Time till overstay is applied in seconds.
   *
   */
  overstayTimeThreshold?: number;
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 *
 */
export interface OverstayRuleType {
  overstayFee: RationalNumberType;
  /**
   * Human readable string to identify the overstay rule.
   *
   */
  overstayRuleDescription?: string;
  /**
   * Time in seconds after trigger of the parent Overstay Rules for this particular fee to apply.
   *
   */
  startTime: number;
  /**
   * Time till overstay will be reapplied
   *
   */
  overstayFeePeriod: number;
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 *
 */
export interface AdditionalSelectedServicesType {
  serviceFee: RationalNumberType;
  /**
   * Human readable string to identify this service.
   *
   */
  serviceName: string;
  customData?: CustomDataType;
}
/**
 * The PriceLevelScheduleType is modeled after the same type that is defined in ISO 15118-20, such that if it is supplied by an EMSP as a signed EXI message, the conversion from EXI to JSON (in OCPP) and back to EXI (for ISO 15118-20) does not change the digest and therefore does not invalidate the signature.
 *
 */
export interface PriceLevelScheduleType {
  /**
   * @minItems 1
   * @maxItems 100
   */
  priceLevelScheduleEntries: [PriceLevelScheduleEntryType, ...PriceLevelScheduleEntryType[]];
  /**
   * Starting point of this price schedule.
   *
   */
  timeAnchor: string;
  /**
   * Unique ID of this price schedule.
   *
   */
  priceScheduleId: number;
  /**
   * Description of the price schedule.
   *
   */
  priceScheduleDescription?: string;
  /**
   * Defines the overall number of distinct price level elements used across all PriceLevelSchedules.
   *
   */
  numberOfPriceLevels: number;
  customData?: CustomDataType;
}
/**
 * Part of ISO 15118-20 price schedule.
 *
 */
export interface PriceLevelScheduleEntryType {
  /**
   * The amount of seconds that define the duration of this given PriceLevelScheduleEntry.
   *
   */
  duration: number;
  /**
   * Defines the price level of this PriceLevelScheduleEntry (referring to NumberOfPriceLevels). Small values for the PriceLevel represent a cheaper PriceLevelScheduleEntry. Large values for the PriceLevel represent a more expensive PriceLevelScheduleEntry.
   *
   */
  priceLevel: number;
  customData?: CustomDataType;
}
export interface ChargingLimitType {
  /**
   * Represents the source of the charging limit. Values defined in appendix as ChargingLimitSourceEnumStringType.
   *
   */
  chargingLimitSource: string;
  /**
   * *(2.1)* True when the reported limit concerns local generation that is providing extra capacity, instead of a limitation.
   *
   */
  isLocalGeneration?: boolean;
  /**
   * Indicates whether the charging limit is critical for the grid.
   *
   */
  isGridCritical?: boolean;
  customData?: CustomDataType;
}
export interface NotifyChargingLimitResponse {
  customData?: CustomDataType;
}
export interface NotifyCustomerInformationRequest {
  /**
   * (Part of) the requested data. No format specified in which the data is returned. Should be human readable.
   *
   */
  data: string;
  /**
   * “to be continued” indicator. Indicates whether another part of the monitoringData follows in an upcoming notifyMonitoringReportRequest message. Default value when omitted is false.
   *
   */
  tbc?: boolean;
  /**
   * Sequence number of this message. First message starts at 0.
   *
   */
  seqNo: number;
  /**
   *  Timestamp of the moment this message was generated at the Charging Station.
   *
   */
  generatedAt: string;
  /**
   * The Id of the request.
   *
   *
   */
  requestId: number;
  customData?: CustomDataType;
}
export interface NotifyCustomerInformationResponse {
  customData?: CustomDataType;
}
/**
 * Type of grid event that caused this
 *
 *
 */
export type GridEventFaultEnumType =
  | "CurrentImbalance"
  | "LocalEmergency"
  | "LowInputPower"
  | "OverCurrent"
  | "OverFrequency"
  | "OverVoltage"
  | "PhaseRotation"
  | "RemoteEmergency"
  | "UnderFrequency"
  | "UnderVoltage"
  | "VoltageImbalance";
export interface NotifyDERAlarmRequest {
  controlType: DERControlEnumType;
  gridEventFault?: GridEventFaultEnumType;
  /**
   * True when error condition has ended.
   * Absent or false when alarm has started.
   *
   *
   */
  alarmEnded?: boolean;
  /**
   * Time of start or end of alarm.
   *
   *
   */
  timestamp: string;
  /**
   * Optional info provided by EV.
   *
   *
   */
  extraInfo?: string;
  customData?: CustomDataType;
}
export interface NotifyDERAlarmResponse {
  customData?: CustomDataType;
}
export interface NotifyDERStartStopRequest {
  /**
   * Id of the started or stopped DER control.
   * Corresponds to the _controlId_ of the SetDERControlRequest.
   *
   *
   */
  controlId: string;
  /**
   * True if DER control has started. False if it has ended.
   *
   *
   */
  started: boolean;
  /**
   * Time of start or end of event.
   *
   *
   */
  timestamp: string;
  /**
   * List of controlIds that are superseded as a result of this control starting.
   *
   *
   *
   * @minItems 1
   * @maxItems 24
   */
  supersededIds?: [string, ...string[]];
  customData?: CustomDataType;
}
export interface NotifyDERStartStopResponse {
  customData?: CustomDataType;
}
export interface NotifyDisplayMessagesRequest {
  /**
   * @minItems 1
   */
  messageInfo?: [MessageInfoType, ...MessageInfoType[]];
  /**
   * The id of the &lt;&lt;getdisplaymessagesrequest,GetDisplayMessagesRequest&gt;&gt; that requested this message.
   *
   */
  requestId: number;
  /**
   * "to be continued" indicator. Indicates whether another part of the report follows in an upcoming NotifyDisplayMessagesRequest message. Default value when omitted is false.
   *
   */
  tbc?: boolean;
  customData?: CustomDataType;
}
/**
 * Contains message details, for a message to be displayed on a Charging Station.
 *
 */
export interface MessageInfoType {
  display?: ComponentType;
  /**
   * Unique id within an exchange context. It is defined within the OCPP context as a positive Integer value (greater or equal to zero).
   *
   */
  id: number;
  priority: MessagePriorityEnumType;
  state?: MessageStateEnumType;
  /**
   * From what date-time should this message be shown. If omitted: directly.
   *
   */
  startDateTime?: string;
  /**
   * Until what date-time should this message be shown, after this date/time this message SHALL be removed.
   *
   */
  endDateTime?: string;
  /**
   * During which transaction shall this message be shown.
   * Message SHALL be removed by the Charging Station after transaction has
   * ended.
   *
   */
  transactionId?: string;
  message: MessageContentType;
  /**
   * @minItems 1
   * @maxItems 4
   */
  messageExtra?:
    | [MessageContentType]
    | [MessageContentType, MessageContentType]
    | [MessageContentType, MessageContentType, MessageContentType]
    | [MessageContentType, MessageContentType, MessageContentType, MessageContentType];
  customData?: CustomDataType;
}
export interface NotifyDisplayMessagesResponse {
  customData?: CustomDataType;
}
export type IslandingDetectionEnumType =
  | "NoAntiIslandingSupport"
  | "RoCoF"
  | "UVP_OVP"
  | "UFP_OFP"
  | "VoltageVectorShift"
  | "ZeroCrossingDetection"
  | "OtherPassive"
  | "ImpedanceMeasurement"
  | "ImpedanceAtFrequency"
  | "SlipModeFrequencyShift"
  | "SandiaFrequencyShift"
  | "SandiaVoltageShift"
  | "FrequencyJump"
  | "RCLQFactor"
  | "OtherActive";
/**
 * *(2.1)* Indicates whether EV wants to operate in Dynamic or Scheduled mode. When absent, Scheduled mode is assumed for backwards compatibility. +
 * *ISO 15118-20:* +
 * ServiceSelectionReq(SelectedEnergyTransferService)
 *
 */
export type ControlModeEnumType = "ScheduledControl" | "DynamicControl";
/**
 * *(2.1)* Value of EVCC indicates that EV determines min/target SOC and departure time. +
 * A value of EVCC_SECC indicates that charging station or CSMS may also update min/target SOC and departure time. +
 * *ISO 15118-20:* +
 * ServiceSelectionReq(SelectedEnergyTransferService)
 *
 */
export type MobilityNeedsModeEnumType = "EVCC" | "EVCC_SECC";
export interface NotifyEVChargingNeedsRequest {
  /**
   * Defines the EVSE and connector to which the EV is connected. EvseId may not be 0.
   *
   */
  evseId: number;
  /**
   * Contains the maximum elements the EV supports for: +
   * - ISO 15118-2: schedule tuples in SASchedule (both Pmax and Tariff). +
   * - ISO 15118-20: PowerScheduleEntry, PriceRule and PriceLevelScheduleEntries.
   *
   */
  maxScheduleTuples?: number;
  chargingNeeds: ChargingNeedsType;
  /**
   * *(2.1)* Time when EV charging needs were received. +
   * Field can be added when charging station was offline when charging needs were received.
   *
   *
   */
  timestamp?: string;
  customData?: CustomDataType;
}
export interface ChargingNeedsType {
  acChargingParameters?: ACChargingParametersType;
  derChargingParameters?: DERChargingParametersType;
  evEnergyOffer?: EVEnergyOfferType;
  requestedEnergyTransfer: EnergyTransferModeEnumType;
  dcChargingParameters?: DCChargingParametersType;
  v2xChargingParameters?: V2XChargingParametersType;
  /**
   * *(2.1)* Modes of energy transfer that are marked as available by EV.
   *
   *
   * @minItems 1
   */
  availableEnergyTransfer?: [EnergyTransferModeEnumType, ...EnergyTransferModeEnumType[]];
  controlMode?: ControlModeEnumType;
  mobilityNeedsMode?: MobilityNeedsModeEnumType;
  /**
   * Estimated departure time of the EV. +
   * *ISO 15118-2:* AC/DC_EVChargeParameterType: DepartureTime +
   * *ISO 15118-20:* Dynamic/Scheduled_SEReqControlModeType: DepartureTIme
   *
   */
  departureTime?: string;
  customData?: CustomDataType;
}
/**
 * EV AC charging parameters for ISO 15118-2
 *
 *
 */
export interface ACChargingParametersType {
  /**
   * Amount of energy requested (in Wh). This includes energy required for preconditioning.
   * Relates to: +
   * *ISO 15118-2*: AC_EVChargeParameterType: EAmount +
   * *ISO 15118-20*: Dynamic/Scheduled_SEReqControlModeType: EVTargetEnergyRequest
   *
   *
   */
  energyAmount: number;
  /**
   * Minimum current (amps) supported by the electric vehicle (per phase).
   * Relates to: +
   * *ISO 15118-2*: AC_EVChargeParameterType: EVMinCurrent
   *
   *
   */
  evMinCurrent: number;
  /**
   * Maximum current (amps) supported by the electric vehicle (per phase). Includes cable capacity.
   * Relates to: +
   * *ISO 15118-2*: AC_EVChargeParameterType: EVMaxCurrent
   *
   *
   */
  evMaxCurrent: number;
  /**
   * Maximum voltage supported by the electric vehicle.
   * Relates to: +
   * *ISO 15118-2*: AC_EVChargeParameterType: EVMaxVoltage
   *
   *
   */
  evMaxVoltage: number;
  customData?: CustomDataType;
}
/**
 * *(2.1)* DERChargingParametersType is used in ChargingNeedsType during an ISO 15118-20 session for AC_BPT_DER to report the inverter settings related to DER control that were agreed between EVSE and EV.
 *
 * Fields starting with "ev" contain values from the EV.
 * Other fields contain a value that is supported by both EV and EVSE.
 *
 * DERChargingParametersType type is only relevant in case of an ISO 15118-20 AC_BPT_DER/AC_DER charging session.
 *
 * NOTE: All these fields have values greater or equal to zero (i.e. are non-negative)
 *
 *
 */
export interface DERChargingParametersType {
  /**
   * DER control functions supported by EV. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType:DERControlFunctions (bitmap)
   *
   *
   * @minItems 1
   */
  evSupportedDERControl?: [DERControlEnumType, ...DERControlEnumType[]];
  /**
   * Rated maximum injected active power by EV, at specified over-excited power factor (overExcitedPowerFactor). +
   * It can also be defined as the rated maximum discharge power at the rated minimum injected reactive power value. This means that if the EV is providing reactive power support, and it is requested to discharge at max power (e.g. to satisfy an EMS request), the EV may override the request and discharge up to overExcitedMaximumDischargePower to meet the minimum reactive power requirements. +
   * Corresponds to the WOvPF attribute in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVOverExcitedMaximumDischargePower
   *
   */
  evOverExcitedMaxDischargePower?: number;
  /**
   * EV power factor when injecting (over excited) the minimum reactive power. +
   * Corresponds to the OvPF attribute in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVOverExcitedPowerFactor
   *
   */
  evOverExcitedPowerFactor?: number;
  /**
   * Rated maximum injected active power by EV supported at specified under-excited power factor (EVUnderExcitedPowerFactor). +
   * It can also be defined as the rated maximum dischargePower at the rated minimum absorbed reactive power value.
   * This means that if the EV is providing reactive power support, and it is requested to discharge at max power (e.g. to satisfy an EMS request), the EV may override the request and discharge up to underExcitedMaximumDischargePower to meet the minimum reactive power requirements. +
   * This corresponds to the WUnPF attribute in the IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVUnderExcitedMaximumDischargePower
   *
   */
  evUnderExcitedMaxDischargePower?: number;
  /**
   * EV power factor when injecting (under excited) the minimum reactive power. +
   * Corresponds to the OvPF attribute in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVUnderExcitedPowerFactor
   *
   */
  evUnderExcitedPowerFactor?: number;
  /**
   * Rated maximum total apparent power, defined by min(EV, EVSE) in va.
   * Corresponds to the VAMaxRtg in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumApparentPower
   *
   */
  maxApparentPower?: number;
  /**
   * Rated maximum absorbed apparent power, defined by min(EV, EVSE) in va. +
   *     This field represents the sum of all phases, unless values are provided for L2 and L3,
   *     in which case this field represents phase L1. +
   *     Corresponds to the ChaVAMaxRtg in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumChargeApparentPower
   *
   */
  maxChargeApparentPower?: number;
  /**
   * Rated maximum absorbed apparent power on phase L2, defined by min(EV, EVSE) in va.
   * Corresponds to the ChaVAMaxRtg in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumChargeApparentPower_L2
   *
   */
  maxChargeApparentPower_L2?: number;
  /**
   * Rated maximum absorbed apparent power on phase L3, defined by min(EV, EVSE) in va.
   * Corresponds to the ChaVAMaxRtg in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumChargeApparentPower_L3
   *
   */
  maxChargeApparentPower_L3?: number;
  /**
   * Rated maximum injected apparent power, defined by min(EV, EVSE) in va. +
   *     This field represents the sum of all phases, unless values are provided for L2 and L3,
   *     in which case this field represents phase L1. +
   *     Corresponds to the DisVAMaxRtg in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumDischargeApparentPower
   *
   */
  maxDischargeApparentPower?: number;
  /**
   * Rated maximum injected apparent power on phase L2, defined by min(EV, EVSE) in va. +
   *     Corresponds to the DisVAMaxRtg in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumDischargeApparentPower_L2
   *
   */
  maxDischargeApparentPower_L2?: number;
  /**
   * Rated maximum injected apparent power on phase L3, defined by min(EV, EVSE) in va. +
   *     Corresponds to the DisVAMaxRtg in IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumDischargeApparentPower_L3
   *
   */
  maxDischargeApparentPower_L3?: number;
  /**
   * Rated maximum absorbed reactive power, defined by min(EV, EVSE), in vars. +
   *     This field represents the sum of all phases, unless values are provided for L2 and L3,
   *     in which case this field represents phase L1. +
   * Corresponds to the AvarMax attribute in the IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumChargeReactivePower
   *
   */
  maxChargeReactivePower?: number;
  /**
   * Rated maximum absorbed reactive power, defined by min(EV, EVSE), in vars on phase L2. +
   * Corresponds to the AvarMax attribute in the IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumChargeReactivePower_L2
   *
   */
  maxChargeReactivePower_L2?: number;
  /**
   * Rated maximum absorbed reactive power, defined by min(EV, EVSE), in vars on phase L3. +
   * Corresponds to the AvarMax attribute in the IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumChargeReactivePower_L3
   *
   */
  maxChargeReactivePower_L3?: number;
  /**
   * Rated minimum absorbed reactive power, defined by max(EV, EVSE), in vars. +
   *     This field represents the sum of all phases, unless values are provided for L2 and L3,
   *     in which case this field represents phase L1. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMinimumChargeReactivePower
   *
   */
  minChargeReactivePower?: number;
  /**
   * Rated minimum absorbed reactive power, defined by max(EV, EVSE), in vars on phase L2. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMinimumChargeReactivePower_L2
   *
   */
  minChargeReactivePower_L2?: number;
  /**
   * Rated minimum absorbed reactive power, defined by max(EV, EVSE), in vars on phase L3. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMinimumChargeReactivePower_L3
   *
   */
  minChargeReactivePower_L3?: number;
  /**
   * Rated maximum injected reactive power, defined by min(EV, EVSE), in vars. +
   *     This field represents the sum of all phases, unless values are provided for L2 and L3,
   *     in which case this field represents phase L1. +
   * Corresponds to the IvarMax attribute in the IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumDischargeReactivePower
   *
   */
  maxDischargeReactivePower?: number;
  /**
   * Rated maximum injected reactive power, defined by min(EV, EVSE), in vars on phase L2. +
   * Corresponds to the IvarMax attribute in the IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumDischargeReactivePower_L2
   *
   */
  maxDischargeReactivePower_L2?: number;
  /**
   * Rated maximum injected reactive power, defined by min(EV, EVSE), in vars on phase L3. +
   * Corresponds to the IvarMax attribute in the IEC 61850. +
   *     *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumDischargeReactivePower_L3
   *
   */
  maxDischargeReactivePower_L3?: number;
  /**
   * Rated minimum injected reactive power, defined by max(EV, EVSE), in vars. +
   *     This field represents the sum of all phases, unless values are provided for L2 and L3,
   *     in which case this field represents phase L1. +
   *         *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMinimumDischargeReactivePower
   *
   */
  minDischargeReactivePower?: number;
  /**
   * Rated minimum injected reactive power, defined by max(EV, EVSE), in var on phase L2. +
   *         *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMinimumDischargeReactivePower_L2
   *
   */
  minDischargeReactivePower_L2?: number;
  /**
   * Rated minimum injected reactive power, defined by max(EV, EVSE), in var on phase L3. +
   *         *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMinimumDischargeReactivePower_L3
   *
   */
  minDischargeReactivePower_L3?: number;
  /**
   * Line voltage supported by EVSE and EV.
   *         *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVNominalVoltage
   *
   */
  nominalVoltage?: number;
  /**
   * The nominal AC voltage (rms) offset between the Charging Station's electrical connection point and the utility’s point of common coupling. +
   *         *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVNominalVoltageOffset
   *
   */
  nominalVoltageOffset?: number;
  /**
   * Maximum AC rms voltage, as defined by min(EV, EVSE)  to operate with. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumNominalVoltage
   *
   */
  maxNominalVoltage?: number;
  /**
   * Minimum AC rms voltage, as defined by max(EV, EVSE)  to operate with. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMinimumNominalVoltage
   *
   */
  minNominalVoltage?: number;
  /**
   * Manufacturer of the EV inverter. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVInverterManufacturer
   *
   */
  evInverterManufacturer?: string;
  /**
   * Model name of the EV inverter. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVInverterModel
   *
   */
  evInverterModel?: string;
  /**
   * Serial number of the EV inverter. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVInverterSerialNumber
   *
   */
  evInverterSerialNumber?: string;
  /**
   * Software version of EV inverter. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVInverterSwVersion
   *
   */
  evInverterSwVersion?: string;
  /**
   * Hardware version of EV inverter. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVInverterHwVersion
   *
   */
  evInverterHwVersion?: string;
  /**
   * Type of islanding detection method. Only mandatory when islanding detection is required at the site, as set in the ISO 15118 Service Details configuration. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVIslandingDetectionMethod
   *
   *
   * @minItems 1
   */
  evIslandingDetectionMethod?: [IslandingDetectionEnumType, ...IslandingDetectionEnumType[]];
  /**
   * Time after which EV will trip if an island has been detected. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVIslandingTripTime
   *
   */
  evIslandingTripTime?: number;
  /**
   * Maximum injected DC current allowed at level 1 charging. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumLevel1DCInjection
   *
   */
  evMaximumLevel1DCInjection?: number;
  /**
   * Maximum allowed duration of DC injection at level 1 charging. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVDurationLevel1DCInjection
   *
   */
  evDurationLevel1DCInjection?: number;
  /**
   * Maximum injected DC current allowed at level 2 charging. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVMaximumLevel2DCInjection
   *
   */
  evMaximumLevel2DCInjection?: number;
  /**
   * Maximum allowed duration of DC injection at level 2 charging. +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVDurationLevel2DCInjection
   *
   */
  evDurationLevel2DCInjection?: number;
  /**
   * 	Measure of the susceptibility of the circuit to reactance, in Siemens (S). +
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVReactiveSusceptance
   *
   *
   *
   */
  evReactiveSusceptance?: number;
  /**
   * Total energy value, in Wh, that EV is allowed to provide during the entire V2G session. The value is independent of the V2X Cycling area. Once this value reaches the value of 0, the EV may block any attempt to discharge in order to protect the battery health.
   *        *ISO 15118-20*: DER_BPT_AC_CPDReqEnergyTransferModeType: EVSessionTotalDischargeEnergyAvailable
   *
   *
   *
   */
  evSessionTotalDischargeEnergyAvailable?: number;
  customData?: CustomDataType;
}
/**
 * *(2.1)* A schedule of the energy amount over time that EV is willing to discharge. A negative value indicates the willingness to discharge under specific conditions, a positive value indicates that the EV currently is not able to offer energy to discharge.
 *
 */
export interface EVEnergyOfferType {
  evAbsolutePriceSchedule?: EVAbsolutePriceScheduleType;
  evPowerSchedule: EVPowerScheduleType;
  customData?: CustomDataType;
}
/**
 * *(2.1)* Price schedule of EV energy offer.
 *
 */
export interface EVAbsolutePriceScheduleType {
  /**
   * Starting point in time of the EVEnergyOffer.
   *
   */
  timeAnchor: string;
  /**
   * Currency code according to ISO 4217.
   *
   */
  currency: string;
  /**
   * @minItems 1
   * @maxItems 1024
   */
  evAbsolutePriceScheduleEntries: [EVAbsolutePriceScheduleEntryType, ...EVAbsolutePriceScheduleEntryType[]];
  /**
   * ISO 15118-20 URN of price algorithm: Power, PeakPower, StackedEnergy.
   *
   */
  priceAlgorithm: string;
  customData?: CustomDataType;
}
/**
 * *(2.1)* An entry in price schedule over time for which EV is willing to discharge.
 *
 */
export interface EVAbsolutePriceScheduleEntryType {
  /**
   * The amount of seconds of this entry.
   *
   */
  duration: number;
  /**
   * @minItems 1
   * @maxItems 8
   */
  evPriceRule:
    | [EVPriceRuleType]
    | [EVPriceRuleType, EVPriceRuleType]
    | [EVPriceRuleType, EVPriceRuleType, EVPriceRuleType]
    | [EVPriceRuleType, EVPriceRuleType, EVPriceRuleType, EVPriceRuleType]
    | [EVPriceRuleType, EVPriceRuleType, EVPriceRuleType, EVPriceRuleType, EVPriceRuleType]
    | [EVPriceRuleType, EVPriceRuleType, EVPriceRuleType, EVPriceRuleType, EVPriceRuleType, EVPriceRuleType]
    | [
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType
      ]
    | [
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType,
        EVPriceRuleType
      ];
  customData?: CustomDataType;
}
/**
 * *(2.1)* An entry in price schedule over time for which EV is willing to discharge.
 *
 */
export interface EVPriceRuleType {
  /**
   * Cost per kWh.
   *
   */
  energyFee: number;
  /**
   * The EnergyFee applies between this value and the value of the PowerRangeStart of the subsequent EVPriceRule. If the power is below this value, the EnergyFee of the previous EVPriceRule applies. Negative values are used for discharging.
   *
   */
  powerRangeStart: number;
  customData?: CustomDataType;
}
/**
 * *(2.1)* Schedule of EV energy offer.
 *
 */
export interface EVPowerScheduleType {
  /**
   * @minItems 1
   * @maxItems 1024
   */
  evPowerScheduleEntries: [EVPowerScheduleEntryType, ...EVPowerScheduleEntryType[]];
  /**
   * The time that defines the starting point for the EVEnergyOffer.
   *
   */
  timeAnchor: string;
  customData?: CustomDataType;
}
/**
 * *(2.1)* An entry in schedule of the energy amount over time that EV is willing to discharge. A negative value indicates the willingness to discharge under specific conditions, a positive value indicates that the EV currently is not able to offer energy to discharge.
 *
 */
export interface EVPowerScheduleEntryType {
  /**
   * The duration of this entry.
   *
   */
  duration: number;
  /**
   * Defines maximum amount of power for the duration of this EVPowerScheduleEntry to be discharged from the EV battery through EVSE power outlet. Negative values are used for discharging.
   *
   */
  power: number;
  customData?: CustomDataType;
}
/**
 * EV DC charging parameters for ISO 15118-2
 *
 */
export interface DCChargingParametersType {
  /**
   * Maximum current (in A) supported by the electric vehicle. Includes cable capacity.
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType:EVMaximumCurrentLimit
   *
   */
  evMaxCurrent: number;
  /**
   * Maximum voltage supported by the electric vehicle.
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType: EVMaximumVoltageLimit
   *
   *
   */
  evMaxVoltage: number;
  /**
   * Maximum power (in W) supported by the electric vehicle. Required for DC charging.
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType: EVMaximumPowerLimit
   *
   *
   */
  evMaxPower?: number;
  /**
   * Capacity of the electric vehicle battery (in Wh).
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType: EVEnergyCapacity
   *
   *
   */
  evEnergyCapacity?: number;
  /**
   * Amount of energy requested (in Wh). This inludes energy required for preconditioning.
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType: EVEnergyRequest
   *
   *
   *
   */
  energyAmount?: number;
  /**
   * Energy available in the battery (in percent of the battery capacity)
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType: DC_EVStatus: EVRESSSOC
   *
   *
   */
  stateOfCharge?: number;
  /**
   * Percentage of SoC at which the EV considers the battery fully charged. (possible values: 0 - 100)
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType: FullSOC
   *
   *
   */
  fullSoC?: number;
  /**
   * Percentage of SoC at which the EV considers a fast charging process to end. (possible values: 0 - 100)
   * Relates to: +
   * *ISO 15118-2*: DC_EVChargeParameterType: BulkSOC
   *
   *
   */
  bulkSoC?: number;
  customData?: CustomDataType;
}
/**
 * Charging parameters for ISO 15118-20, also supporting V2X charging/discharging.+
 * All values are greater or equal to zero, with the exception of EVMinEnergyRequest, EVMaxEnergyRequest, EVTargetEnergyRequest, EVMinV2XEnergyRequest and EVMaxV2XEnergyRequest.
 *
 */
export interface V2XChargingParametersType {
  /**
   * Minimum charge power in W, defined by max(EV, EVSE).
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMinimumChargePower
   *
   */
  minChargePower?: number;
  /**
   * Minimum charge power on phase L2 in W, defined by max(EV, EVSE).
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMinimumChargePower_L2
   *
   */
  minChargePower_L2?: number;
  /**
   * Minimum charge power on phase L3 in W, defined by max(EV, EVSE).
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMinimumChargePower_L3
   *
   */
  minChargePower_L3?: number;
  /**
   * Maximum charge (absorbed) power in W, defined by min(EV, EVSE) at unity power factor. +
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   * It corresponds to the ChaWMax attribute in the IEC 61850.
   * It is usually equivalent to the rated apparent power of the EV when discharging (ChaVAMax) in IEC 61850. +
   *
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMaximumChargePower
   *
   *
   */
  maxChargePower?: number;
  /**
   * Maximum charge power on phase L2 in W, defined by min(EV, EVSE)
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMaximumChargePower_L2
   *
   *
   *
   */
  maxChargePower_L2?: number;
  /**
   * Maximum charge power on phase L3 in W, defined by min(EV, EVSE)
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMaximumChargePower_L3
   *
   *
   *
   */
  maxChargePower_L3?: number;
  /**
   * Minimum discharge (injected) power in W, defined by max(EV, EVSE) at unity power factor. Value &gt;= 0. +
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1. +
   * It corresponds to the WMax attribute in the IEC 61850.
   * It is usually equivalent to the rated apparent power of the EV when discharging (VAMax attribute in the IEC 61850).
   *
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMinimumDischargePower
   *
   *
   */
  minDischargePower?: number;
  /**
   * Minimum discharge power on phase L2 in W, defined by max(EV, EVSE).  Value &gt;= 0.
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMinimumDischargePower_L2
   *
   *
   */
  minDischargePower_L2?: number;
  /**
   * Minimum discharge power on phase L3 in W, defined by max(EV, EVSE).  Value &gt;= 0.
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMinimumDischargePower_L3
   *
   *
   */
  minDischargePower_L3?: number;
  /**
   * Maximum discharge (injected) power in W, defined by min(EV, EVSE) at unity power factor.  Value &gt;= 0.
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMaximumDischargePower
   *
   *
   *
   */
  maxDischargePower?: number;
  /**
   * Maximum discharge power on phase L2 in W, defined by min(EV, EVSE).  Value &gt;= 0.
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMaximumDischargePowe_L2
   *
   *
   */
  maxDischargePower_L2?: number;
  /**
   * Maximum discharge power on phase L3 in W, defined by min(EV, EVSE).  Value &gt;= 0.
   * Relates to:
   * *ISO 15118-20*: BPT_AC/DC_CPDReqEnergyTransferModeType: EVMaximumDischargePower_L3
   *
   *
   */
  maxDischargePower_L3?: number;
  /**
   * Minimum charge current in A, defined by max(EV, EVSE)
   * Relates to:
   * *ISO 15118-20*: BPT_DC_CPDReqEnergyTransferModeType: EVMinimumChargeCurrent
   *
   *
   */
  minChargeCurrent?: number;
  /**
   * Maximum charge current in A, defined by min(EV, EVSE)
   * Relates to:
   * *ISO 15118-20*: BPT_DC_CPDReqEnergyTransferModeType: EVMaximumChargeCurrent
   *
   *
   *
   */
  maxChargeCurrent?: number;
  /**
   * Minimum discharge current in A, defined by max(EV, EVSE).  Value &gt;= 0.
   * Relates to:
   * *ISO 15118-20*: BPT_DC_CPDReqEnergyTransferModeType: EVMinimumDischargeCurrent
   *
   *
   *
   */
  minDischargeCurrent?: number;
  /**
   * Maximum discharge current in A, defined by min(EV, EVSE).  Value &gt;= 0.
   * Relates to:
   * *ISO 15118-20*: BPT_DC_CPDReqEnergyTransferModeType: EVMaximumDischargeCurrent
   *
   *
   */
  maxDischargeCurrent?: number;
  /**
   * Minimum voltage in V, defined by max(EV, EVSE)
   * Relates to:
   * *ISO 15118-20*: BPT_DC_CPDReqEnergyTransferModeType: EVMinimumVoltage
   *
   *
   */
  minVoltage?: number;
  /**
   * Maximum voltage in V, defined by min(EV, EVSE)
   * Relates to:
   * *ISO 15118-20*: BPT_DC_CPDReqEnergyTransferModeType: EVMaximumVoltage
   *
   *
   */
  maxVoltage?: number;
  /**
   * Energy to requested state of charge in Wh
   * Relates to:
   * *ISO 15118-20*: Dynamic/Scheduled_SEReqControlModeType: EVTargetEnergyRequest
   *
   *
   */
  evTargetEnergyRequest?: number;
  /**
   * Energy to minimum allowed state of charge in Wh
   * Relates to:
   * *ISO 15118-20*: Dynamic/Scheduled_SEReqControlModeType: EVMinimumEnergyRequest
   *
   *
   */
  evMinEnergyRequest?: number;
  /**
   * Energy to maximum state of charge in Wh
   * Relates to:
   * *ISO 15118-20*: Dynamic/Scheduled_SEReqControlModeType: EVMaximumEnergyRequest
   *
   *
   */
  evMaxEnergyRequest?: number;
  /**
   * Energy (in Wh) to minimum state of charge for cycling (V2X) activity.
   * Positive value means that current state of charge is below V2X range.
   * Relates to:
   * *ISO 15118-20*: Dynamic_SEReqControlModeType: EVMinimumV2XEnergyRequest
   *
   *
   */
  evMinV2XEnergyRequest?: number;
  /**
   * Energy (in Wh) to maximum state of charge for cycling (V2X) activity.
   * Negative value indicates that current state of charge is above V2X range.
   * Relates to:
   * *ISO 15118-20*: Dynamic_SEReqControlModeType: EVMaximumV2XEnergyRequest
   *
   *
   *
   */
  evMaxV2XEnergyRequest?: number;
  /**
   * Target state of charge at departure as percentage.
   * Relates to:
   * *ISO 15118-20*: BPT_DC_CPDReqEnergyTransferModeType: TargetSOC
   *
   *
   */
  targetSoC?: number;
  customData?: CustomDataType;
}
/**
 * Returns whether the CSMS has been able to process the message successfully. It does not imply that the evChargingNeeds can be met with the current charging profile.
 *
 */
export type NotifyEVChargingNeedsStatusEnumType = "Accepted" | "Rejected" | "Processing" | "NoChargingProfile";
export interface NotifyEVChargingNeedsResponse {
  status: NotifyEVChargingNeedsStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface NotifyEVChargingScheduleRequest {
  /**
   * Periods contained in the charging profile are relative to this point in time.
   *
   */
  timeBase: string;
  chargingSchedule: ChargingScheduleType;
  /**
   * The charging schedule contained in this notification applies to an EVSE. EvseId must be &gt; 0.
   *
   */
  evseId: number;
  /**
   * *(2.1)* Id  of the _chargingSchedule_ that EV selected from the provided ChargingProfile.
   *
   */
  selectedChargingScheduleId?: number;
  /**
   * *(2.1)* True when power tolerance is accepted by EV.
   * This value is taken from EVPowerProfile.PowerToleranceAcceptance in the ISO 15118-20 PowerDeliverReq message..
   *
   */
  powerToleranceAcceptance?: boolean;
  customData?: CustomDataType;
}
export interface NotifyEVChargingScheduleResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Type of trigger for this event, e.g. exceeding a threshold value.
 *
 *
 */
export type EventTriggerEnumType = "Alerting" | "Delta" | "Periodic";
/**
 * Specifies the event notification type of the message.
 *
 *
 */
export type EventNotificationEnumType =
  "HardWiredNotification" | "HardWiredMonitor" | "PreconfiguredMonitor" | "CustomMonitor";
export interface NotifyEventRequest {
  /**
   * Timestamp of the moment this message was generated at the Charging Station.
   *
   */
  generatedAt: string;
  /**
   * “to be continued” indicator. Indicates whether another part of the report follows in an upcoming notifyEventRequest message. Default value when omitted is false.
   *
   */
  tbc?: boolean;
  /**
   * Sequence number of this message. First message starts at 0.
   *
   */
  seqNo: number;
  /**
   * @minItems 1
   */
  eventData: [EventDataType, ...EventDataType[]];
  customData?: CustomDataType;
}
/**
 * Class to report an event notification for a component-variable.
 *
 */
export interface EventDataType {
  /**
   * Identifies the event. This field can be referred to as a cause by other events.
   *
   *
   */
  eventId: number;
  /**
   * Timestamp of the moment the report was generated.
   *
   */
  timestamp: string;
  trigger: EventTriggerEnumType;
  /**
   * Refers to the Id of an event that is considered to be the cause for this event.
   *
   *
   */
  cause?: number;
  /**
   * Actual value (_attributeType_ Actual) of the variable.
   *
   * The Configuration Variable &lt;&lt;configkey-reporting-value-size,ReportingValueSize&gt;&gt; can be used to limit GetVariableResult.attributeValue, VariableAttribute.value and EventData.actualValue. The max size of these values will always remain equal.
   *
   *
   */
  actualValue: string;
  /**
   * Technical (error) code as reported by component.
   *
   */
  techCode?: string;
  /**
   * Technical detail information as reported by component.
   *
   */
  techInfo?: string;
  /**
   * _Cleared_ is set to true to report the clearing of a monitored situation, i.e. a 'return to normal'.
   *
   *
   */
  cleared?: boolean;
  /**
   * If an event notification is linked to a specific transaction, this field can be used to specify its transactionId.
   *
   */
  transactionId?: string;
  component: ComponentType;
  /**
   * Identifies the VariableMonitoring which triggered the event.
   *
   */
  variableMonitoringId?: number;
  eventNotificationType: EventNotificationEnumType;
  variable: VariableType;
  /**
   * *(2.1)* Severity associated with the monitor in _variableMonitoringId_ or with the hardwired notification.
   *
   */
  severity?: number;
  customData?: CustomDataType;
}
export interface NotifyEventResponse {
  customData?: CustomDataType;
}
/**
 * The type of this monitor, e.g. a threshold, delta or periodic monitor.
 *
 */
export type MonitorEnumType =
  | "UpperThreshold"
  | "LowerThreshold"
  | "Delta"
  | "Periodic"
  | "PeriodicClockAligned"
  | "TargetDelta"
  | "TargetDeltaRelative";
export interface NotifyMonitoringReportRequest {
  /**
   * @minItems 1
   */
  monitor?: [MonitoringDataType, ...MonitoringDataType[]];
  /**
   * The id of the GetMonitoringRequest that requested this report.
   *
   *
   */
  requestId: number;
  /**
   * “to be continued” indicator. Indicates whether another part of the monitoringData follows in an upcoming notifyMonitoringReportRequest message. Default value when omitted is false.
   *
   */
  tbc?: boolean;
  /**
   * Sequence number of this message. First message starts at 0.
   *
   */
  seqNo: number;
  /**
   * Timestamp of the moment this message was generated at the Charging Station.
   *
   */
  generatedAt: string;
  customData?: CustomDataType;
}
/**
 * Class to hold parameters of SetVariableMonitoring request.
 *
 */
export interface MonitoringDataType {
  component: ComponentType;
  variable: VariableType;
  /**
   * @minItems 1
   */
  variableMonitoring: [VariableMonitoringType, ...VariableMonitoringType[]];
  customData?: CustomDataType;
}
/**
 * A monitoring setting for a variable.
 *
 */
export interface VariableMonitoringType {
  /**
   * Identifies the monitor.
   *
   */
  id: number;
  /**
   * Monitor only active when a transaction is ongoing on a component relevant to this transaction.
   *
   */
  transaction: boolean;
  /**
   * Value for threshold or delta monitoring.
   * For Periodic or PeriodicClockAligned this is the interval in seconds.
   *
   */
  value: number;
  type: MonitorEnumType;
  /**
   * The severity that will be assigned to an event that is triggered by this monitor. The severity range is 0-9, with 0 as the highest and 9 as the lowest severity level.
   *
   * The severity levels have the following meaning: +
   * *0-Danger* +
   * Indicates lives are potentially in danger. Urgent attention is needed and action should be taken immediately. +
   * *1-Hardware Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to Hardware issues. Action is required. +
   * *2-System Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to software or minor hardware issues. Action is required. +
   * *3-Critical* +
   * Indicates a critical error. Action is required. +
   * *4-Error* +
   * Indicates a non-urgent error. Action is required. +
   * *5-Alert* +
   * Indicates an alert event. Default severity for any type of monitoring event.  +
   * *6-Warning* +
   * Indicates a warning event. Action may be required. +
   * *7-Notice* +
   * Indicates an unusual event. No immediate action is required. +
   * *8-Informational* +
   * Indicates a regular operational event. May be used for reporting, measuring throughput, etc. No action is required. +
   * *9-Debug* +
   * Indicates information useful to developers for debugging, not useful during operations.
   *
   */
  severity: number;
  eventNotificationType: EventNotificationEnumType;
  customData?: CustomDataType;
}
export interface NotifyMonitoringReportResponse {
  customData?: CustomDataType;
}
export interface NotifyPeriodicEventStreamRequest {
  /**
   * @minItems 1
   */
  data: [StreamDataElementType, ...StreamDataElementType[]];
  /**
   * Id of stream.
   *
   */
  id: number;
  /**
   * Number of data elements still pending to be sent.
   *
   */
  pending: number;
  /**
   * Base timestamp to add to time offset of values.
   *
   */
  basetime: string;
  customData?: CustomDataType;
}
export interface StreamDataElementType {
  /**
   * Offset relative to _basetime_ of this message. _basetime_ + _t_ is timestamp of recorded value.
   *
   */
  t: number;
  v: string;
  customData?: CustomDataType;
}
export interface NotifyPriorityChargingRequest {
  /**
   * The transaction for which priority charging is requested.
   *
   */
  transactionId: string;
  /**
   * True if priority charging was activated. False if it has stopped using the priority charging profile.
   *
   */
  activated: boolean;
  customData?: CustomDataType;
}
/**
 * This response message has an empty body.
 *
 */
export interface NotifyPriorityChargingResponse {
  customData?: CustomDataType;
}
/**
 * Defines the mutability of this attribute. Default is ReadWrite when omitted.
 *
 */
export type MutabilityEnumType = "ReadOnly" | "WriteOnly" | "ReadWrite";
/**
 * Data type of this variable.
 *
 */
export type DataEnumType =
  "string" | "decimal" | "integer" | "dateTime" | "boolean" | "OptionList" | "SequenceList" | "MemberList";
export interface NotifyReportRequest {
  /**
   * The id of the GetReportRequest  or GetBaseReportRequest that requested this report
   *
   */
  requestId: number;
  /**
   * Timestamp of the moment this message was generated at the Charging Station.
   *
   */
  generatedAt: string;
  /**
   * @minItems 1
   */
  reportData?: [ReportDataType, ...ReportDataType[]];
  /**
   * “to be continued” indicator. Indicates whether another part of the report follows in an upcoming notifyReportRequest message. Default value when omitted is false.
   *
   *
   */
  tbc?: boolean;
  /**
   * Sequence number of this message. First message starts at 0.
   *
   */
  seqNo: number;
  customData?: CustomDataType;
}
/**
 * Class to report components, variables and variable attributes and characteristics.
 *
 */
export interface ReportDataType {
  component: ComponentType;
  variable: VariableType;
  /**
   * @minItems 1
   * @maxItems 4
   */
  variableAttribute:
    | [VariableAttributeType]
    | [VariableAttributeType, VariableAttributeType]
    | [VariableAttributeType, VariableAttributeType, VariableAttributeType]
    | [VariableAttributeType, VariableAttributeType, VariableAttributeType, VariableAttributeType];
  variableCharacteristics?: VariableCharacteristicsType;
  customData?: CustomDataType;
}
/**
 * Attribute data of a variable.
 *
 */
export interface VariableAttributeType {
  type?: AttributeEnumType;
  /**
   * Value of the attribute. May only be omitted when mutability is set to 'WriteOnly'.
   *
   * The Configuration Variable &lt;&lt;configkey-reporting-value-size,ReportingValueSize&gt;&gt; can be used to limit GetVariableResult.attributeValue, VariableAttribute.value and EventData.actualValue. The max size of these values will always remain equal.
   *
   */
  value?: string;
  mutability?: MutabilityEnumType;
  /**
   * If true, value will be persistent across system reboots or power down. Default when omitted is false.
   *
   */
  persistent?: boolean;
  /**
   * If true, value that will never be changed by the Charging Station at runtime. Default when omitted is false.
   *
   */
  constant?: boolean;
  customData?: CustomDataType;
}
/**
 * Fixed read-only parameters of a variable.
 *
 */
export interface VariableCharacteristicsType {
  /**
   * Unit of the variable. When the transmitted value has a unit, this field SHALL be included.
   *
   */
  unit?: string;
  dataType: DataEnumType;
  /**
   * Minimum possible value of this variable.
   *
   */
  minLimit?: number;
  /**
   * Maximum possible value of this variable. When the datatype of this Variable is String, OptionList, SequenceList or MemberList, this field defines the maximum length of the (CSV) string.
   *
   */
  maxLimit?: number;
  /**
   * *(2.1)* Maximum number of elements from _valuesList_ that are supported as _attributeValue_.
   *
   */
  maxElements?: number;
  /**
   * Mandatory when _dataType_ = OptionList, MemberList or SequenceList. In that case _valuesList_ specifies the allowed values for the type.
   *
   * The length of this field can be limited by DeviceDataCtrlr.ConfigurationValueSize.
   *
   * * OptionList: The (Actual) Variable value must be a single value from the reported (CSV) enumeration list.
   *
   * * MemberList: The (Actual) Variable value  may be an (unordered) (sub-)set of the reported (CSV) valid values list.
   *
   * * SequenceList: The (Actual) Variable value  may be an ordered (priority, etc)  (sub-)set of the reported (CSV) valid values.
   *
   * This is a comma separated list.
   *
   * The Configuration Variable &lt;&lt;configkey-configuration-value-size,ConfigurationValueSize&gt;&gt; can be used to limit SetVariableData.attributeValue and VariableCharacteristics.valuesList. The max size of these values will always remain equal.
   *
   *
   *
   */
  valuesList?: string;
  /**
   * Flag indicating if this variable supports monitoring.
   *
   */
  supportsMonitoring: boolean;
  customData?: CustomDataType;
}
export interface NotifyReportResponse {
  customData?: CustomDataType;
}
/**
 * The status of the settlement attempt.
 *
 *
 */
export type PaymentStatusEnumType = "Settled" | "Canceled" | "Rejected" | "Failed";
export interface NotifySettlementRequest {
  /**
   * The _transactionId_ that the settlement belongs to. Can be empty if the payment transaction is canceled prior to the start of the OCPP transaction.
   *
   *
   */
  transactionId?: string;
  /**
   * The payment reference received from the payment terminal and is used as the value for _idToken_.
   *
   *
   */
  pspRef: string;
  status: PaymentStatusEnumType;
  /**
   * Additional information from payment terminal/payment process.
   *
   *
   */
  statusInfo?: string;
  /**
   * The amount that was settled, or attempted to be settled (in case of failure).
   *
   *
   */
  settlementAmount: number;
  /**
   * The time when the settlement was done.
   *
   *
   */
  settlementTime: string;
  receiptId?: string;
  /**
   * The receipt URL, to be used if the receipt is generated by the payment terminal or the CS.
   *
   *
   */
  receiptUrl?: string;
  vatCompany?: AddressType;
  /**
   * VAT number for a company receipt.
   *
   *
   */
  vatNumber?: string;
  customData?: CustomDataType;
}
/**
 * *(2.1)* A generic address format.
 *
 */
export interface AddressType {
  /**
   * Name of person/company
   *
   */
  name: string;
  /**
   * Address line 1
   *
   */
  address1: string;
  /**
   * Address line 2
   *
   */
  address2?: string;
  /**
   * City
   *
   */
  city: string;
  /**
   * Postal code
   *
   */
  postalCode?: string;
  /**
   * Country name
   *
   */
  country: string;
  customData?: CustomDataType;
}
export interface NotifySettlementResponse {
  /**
   * The receipt URL if receipt generated by CSMS. The Charging Station can QR encode it and show it to the EV Driver.
   *
   *
   */
  receiptUrl?: string;
  /**
   * The receipt id if the receipt is generated by CSMS.
   *
   *
   */
  receiptId?: string;
  customData?: CustomDataType;
}
export interface NotifyWebPaymentStartedRequest {
  /**
   * EVSE id for which transaction is requested.
   *
   *
   */
  evseId: number;
  /**
   * Timeout value in seconds after which no result of web payment process (e.g. QR code scanning) is to be expected anymore.
   *
   */
  timeout: number;
  customData?: CustomDataType;
}
export interface NotifyWebPaymentStartedResponse {
  customData?: CustomDataType;
}
export interface OpenPeriodicEventStreamRequest {
  constantStreamData: ConstantStreamDataType;
  customData?: CustomDataType;
}
export interface OpenPeriodicEventStreamResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface PublishFirmwareRequest {
  /**
   * This contains a string containing a URI pointing to a
   * location from which to retrieve the firmware.
   *
   */
  location: string;
  /**
   * This specifies how many times Charging Station must retry
   * to download the firmware before giving up. If this field is not
   * present, it is left to Charging Station to decide how many times it wants to retry.
   * If the value is 0, it means: no retries.
   *
   */
  retries?: number;
  /**
   * The MD5 checksum over the entire firmware file as a hexadecimal string of length 32.
   *
   */
  checksum: string;
  /**
   * The Id of the request.
   *
   */
  requestId: number;
  /**
   * The interval in seconds
   * after which a retry may be
   * attempted. If this field is not
   * present, it is left to Charging
   * Station to decide how long to wait
   * between attempts.
   *
   */
  retryInterval?: number;
  customData?: CustomDataType;
}
export interface PublishFirmwareResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * This contains the progress status of the publishfirmware
 * installation.
 *
 */
export type PublishFirmwareStatusEnumType =
  | "Idle"
  | "DownloadScheduled"
  | "Downloading"
  | "Downloaded"
  | "Published"
  | "DownloadFailed"
  | "DownloadPaused"
  | "InvalidChecksum"
  | "ChecksumVerified"
  | "PublishFailed";
export interface PublishFirmwareStatusNotificationRequest {
  status: PublishFirmwareStatusEnumType;
  /**
   * Required if status is Published. Can be multiple URI’s, if the Local Controller supports e.g. HTTP, HTTPS, and FTP.
   *
   *
   * @minItems 1
   */
  location?: [string, ...string[]];
  /**
   * The request id that was
   * provided in the
   * PublishFirmwareRequest which
   * triggered this action.
   *
   */
  requestId?: number;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface PublishFirmwareStatusNotificationResponse {
  customData?: CustomDataType;
}
export interface PullDynamicScheduleUpdateRequest {
  /**
   * Id of charging profile to update.
   *
   */
  chargingProfileId: number;
  customData?: CustomDataType;
}
/**
 * Result of request.
 *
 *
 */
export type ChargingProfileStatusEnumType = "Accepted" | "Rejected";
export interface PullDynamicScheduleUpdateResponse {
  scheduleUpdate?: ChargingScheduleUpdateType;
  status: ChargingProfileStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Updates to a ChargingSchedulePeriodType for dynamic charging profiles.
 *
 *
 */
export interface ChargingScheduleUpdateType {
  /**
   * Optional only when not required by the _operationMode_, as in CentralSetpoint, ExternalSetpoint, ExternalLimits, LocalFrequency,  LocalLoadBalancing. +
   * Charging rate limit during the schedule period, in the applicable _chargingRateUnit_.
   * This SHOULD be a non-negative value; a negative value is only supported for backwards compatibility with older systems that use a negative value to specify a discharging limit.
   * For AC this field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  limit?: number;
  /**
   * *(2.1)* Charging rate limit on phase L2  in the applicable _chargingRateUnit_.
   *
   */
  limit_L2?: number;
  /**
   * *(2.1)* Charging rate limit on phase L3  in the applicable _chargingRateUnit_.
   *
   */
  limit_L3?: number;
  /**
   * *(2.1)* Limit in _chargingRateUnit_ that the EV is allowed to discharge with. Note, these are negative values in order to be consistent with _setpoint_, which can be positive and negative.  +
   * For AC this field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  dischargeLimit?: number;
  /**
   * *(2.1)* Limit in _chargingRateUnit_ on phase L2 that the EV is allowed to discharge with.
   *
   */
  dischargeLimit_L2?: number;
  /**
   * *(2.1)* Limit in _chargingRateUnit_ on phase L3 that the EV is allowed to discharge with.
   *
   */
  dischargeLimit_L3?: number;
  /**
   * *(2.1)* Setpoint in _chargingRateUnit_ that the EV should follow as close as possible. Use negative values for discharging. +
   * When a limit and/or _dischargeLimit_ are given the overshoot when following _setpoint_ must remain within these values.
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  setpoint?: number;
  /**
   * *(2.1)* Setpoint in _chargingRateUnit_ that the EV should follow on phase L2 as close as possible.
   *
   */
  setpoint_L2?: number;
  /**
   * *(2.1)* Setpoint in _chargingRateUnit_ that the EV should follow on phase L3 as close as possible.
   *
   */
  setpoint_L3?: number;
  /**
   * *(2.1)* Setpoint for reactive power (or current) in _chargingRateUnit_ that the EV should follow as closely as possible. Positive values for inductive, negative for capacitive reactive power or current.  +
   * This field represents the sum of all phases, unless values are provided for L2 and L3, in which case this field represents phase L1.
   *
   */
  setpointReactive?: number;
  /**
   * *(2.1)* Setpoint for reactive power (or current) in _chargingRateUnit_ that the EV should follow on phase L2 as closely as possible.
   *
   */
  setpointReactive_L2?: number;
  /**
   * *(2.1)* Setpoint for reactive power (or current) in _chargingRateUnit_ that the EV should follow on phase L3 as closely as possible.
   *
   */
  setpointReactive_L3?: number;
  customData?: CustomDataType;
}
/**
 * Indicates the kind of schedule.
 *
 */
export type ChargingProfileKindEnumType = "Absolute" | "Recurring" | "Relative" | "Dynamic";
/**
 * Indicates the start point of a recurrence.
 *
 */
export type RecurrencyKindEnumType = "Daily" | "Weekly";
export interface ReportChargingProfilesRequest {
  /**
   * Id used to match the &lt;&lt;getchargingprofilesrequest, GetChargingProfilesRequest&gt;&gt; message with the resulting ReportChargingProfilesRequest messages. When the CSMS provided a requestId in the &lt;&lt;getchargingprofilesrequest, GetChargingProfilesRequest&gt;&gt;, this field SHALL contain the same value.
   *
   */
  requestId: number;
  /**
   * Source that has installed this charging profile. Values defined in Appendix as ChargingLimitSourceEnumStringType.
   *
   */
  chargingLimitSource: string;
  /**
   * @minItems 1
   */
  chargingProfile: [ChargingProfileType, ...ChargingProfileType[]];
  /**
   * To Be Continued. Default value when omitted: false. false indicates that there are no further messages as part of this report.
   *
   */
  tbc?: boolean;
  /**
   * The evse to which the charging profile applies. If evseId = 0, the message contains an overall limit for the Charging Station.
   *
   */
  evseId: number;
  customData?: CustomDataType;
}
/**
 * A ChargingProfile consists of 1 to 3 ChargingSchedules with a list of ChargingSchedulePeriods, describing the amount of power or current that can be delivered per time interval.
 *
 * image::images/ChargingProfile-Simple.png[]
 *
 *
 */
export interface ChargingProfileType {
  /**
   * Id of ChargingProfile. Unique within charging station. Id can have a negative value. This is useful to distinguish charging profiles from an external actor (external constraints) from charging profiles received from CSMS.
   *
   */
  id: number;
  /**
   * Value determining level in hierarchy stack of profiles. Higher values have precedence over lower values. Lowest level is 0.
   *
   */
  stackLevel: number;
  chargingProfilePurpose: ChargingProfilePurposeEnumType;
  chargingProfileKind: ChargingProfileKindEnumType;
  recurrencyKind?: RecurrencyKindEnumType;
  /**
   * Point in time at which the profile starts to be valid. If absent, the profile is valid as soon as it is received by the Charging Station.
   *
   */
  validFrom?: string;
  /**
   * Point in time at which the profile stops to be valid. If absent, the profile is valid until it is replaced by another profile.
   *
   */
  validTo?: string;
  /**
   * SHALL only be included if ChargingProfilePurpose is set to TxProfile in a SetChargingProfileRequest. The transactionId is used to match the profile to a specific transaction.
   *
   */
  transactionId?: string;
  /**
   * *(2.1)* Period in seconds that this charging profile remains valid after the Charging Station has gone offline. After this period the charging profile becomes invalid for as long as it is offline and the Charging Station reverts back to a valid profile with a lower stack level.
   * If _invalidAfterOfflineDuration_ is true, then this charging profile will become permanently invalid.
   * A value of 0 means that the charging profile is immediately invalid while offline. When the field is absent, then  no timeout applies and the charging profile remains valid when offline.
   *
   */
  maxOfflineDuration?: number;
  /**
   * @minItems 1
   * @maxItems 3
   */
  chargingSchedule:
    | [ChargingScheduleType]
    | [ChargingScheduleType, ChargingScheduleType]
    | [ChargingScheduleType, ChargingScheduleType, ChargingScheduleType];
  /**
   * *(2.1)* When set to true this charging profile will not be valid anymore after being offline for more than _maxOfflineDuration_. +
   *     When absent defaults to false.
   *
   */
  invalidAfterOfflineDuration?: boolean;
  /**
   * *(2.1)*  Interval in seconds after receipt of last update, when to request a profile update by sending a PullDynamicScheduleUpdateRequest message.
   *     A value of 0 or no value means that no update interval applies. +
   *     Only relevant in a dynamic charging profile.
   *
   *
   */
  dynUpdateInterval?: number;
  /**
   * *(2.1)* Time at which limits or setpoints in this charging profile were last updated by a PullDynamicScheduleUpdateRequest or UpdateDynamicScheduleRequest or by an external actor. +
   *     Only relevant in a dynamic charging profile.
   *
   *
   */
  dynUpdateTime?: string;
  /**
   * *(2.1)* ISO 15118-20 signature for all price schedules in _chargingSchedules_. +
   * Note: for 256-bit elliptic curves (like secp256k1) the ECDSA signature is 512 bits (64 bytes) and for 521-bit curves (like secp521r1) the signature is 1042 bits. This equals 131 bytes, which can be encoded as base64 in 176 bytes.
   *
   */
  priceScheduleSignature?: string;
  customData?: CustomDataType;
}
export interface ReportChargingProfilesResponse {
  customData?: CustomDataType;
}
/**
 * Parameter is only sent, if the EV has to feed-in power or reactive power during fault-ride through (FRT) as defined by HVMomCess curve and LVMomCess curve.
 *
 *
 *
 */
export type PowerDuringCessationEnumType = "Active" | "Reactive";
/**
 * Unit of the Y-axis of DER curve
 *
 */
export type DERUnitEnumType =
  "Not_Applicable" | "PctMaxW" | "PctMaxVar" | "PctWAvail" | "PctVarAvail" | "PctEffectiveV";
export interface ReportDERControlRequest {
  /**
   * @minItems 1
   * @maxItems 24
   */
  curve?: [DERCurveGetType, ...DERCurveGetType[]];
  /**
   * @minItems 1
   * @maxItems 24
   */
  enterService?: [EnterServiceGetType, ...EnterServiceGetType[]];
  /**
   * @minItems 1
   * @maxItems 24
   */
  fixedPFAbsorb?: [FixedPFGetType, ...FixedPFGetType[]];
  /**
   * @minItems 1
   * @maxItems 24
   */
  fixedPFInject?: [FixedPFGetType, ...FixedPFGetType[]];
  /**
   * @minItems 1
   * @maxItems 24
   */
  fixedVar?: [FixedVarGetType, ...FixedVarGetType[]];
  /**
   * @minItems 1
   * @maxItems 24
   */
  freqDroop?: [FreqDroopGetType, ...FreqDroopGetType[]];
  /**
   * @minItems 1
   * @maxItems 24
   */
  gradient?: [GradientGetType, ...GradientGetType[]];
  /**
   * @minItems 1
   * @maxItems 24
   */
  limitMaxDischarge?: [LimitMaxDischargeGetType, ...LimitMaxDischargeGetType[]];
  /**
   * RequestId from GetDERControlRequest.
   *
   */
  requestId: number;
  /**
   * To Be Continued. Default value when omitted: false. +
   * False indicates that there are no further messages as part of this report.
   *
   */
  tbc?: boolean;
  customData?: CustomDataType;
}
export interface DERCurveGetType {
  curve: DERCurveType;
  /**
   * Id of DER curve
   *
   *
   */
  id: string;
  curveType: DERControlEnumType;
  /**
   * True if this is a default curve
   *
   *
   */
  isDefault: boolean;
  /**
   * True if this setting is superseded by a higher priority setting (i.e. lower value of _priority_)
   *
   *
   */
  isSuperseded: boolean;
  customData?: CustomDataType;
}
export interface DERCurveType {
  /**
   * @minItems 1
   * @maxItems 10
   */
  curveData:
    | [DERCurvePointsType]
    | [DERCurvePointsType, DERCurvePointsType]
    | [DERCurvePointsType, DERCurvePointsType, DERCurvePointsType]
    | [DERCurvePointsType, DERCurvePointsType, DERCurvePointsType, DERCurvePointsType]
    | [DERCurvePointsType, DERCurvePointsType, DERCurvePointsType, DERCurvePointsType, DERCurvePointsType]
    | [
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType
      ]
    | [
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType
      ]
    | [
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType
      ]
    | [
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType
      ]
    | [
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType,
        DERCurvePointsType
      ];
  hysteresis?: HysteresisType;
  /**
   * Priority of curve (0=highest)
   *
   *
   *
   */
  priority: number;
  reactivePowerParams?: ReactivePowerParamsType;
  voltageParams?: VoltageParamsType;
  yUnit: DERUnitEnumType;
  /**
   * Open loop response time, the time to ramp up to 90% of the new target in response to the change in voltage, in seconds. A value of 0 is used to mean no limit. When not present, the device should follow its default behavior.
   *
   *
   *
   */
  responseTime?: number;
  /**
   * Point in time when this curve will become activated. Only absent when _default_ is true.
   *
   *
   */
  startTime?: string;
  /**
   * Duration in seconds that this curve will be active. Only absent when _default_ is true.
   *
   *
   *
   */
  duration?: number;
  customData?: CustomDataType;
}
export interface DERCurvePointsType {
  /**
   * The data value of the X-axis (independent) variable, depending on the curve type.
   *
   *
   *
   */
  x: number;
  /**
   * The data value of the Y-axis (dependent) variable, depending on the  &lt;&lt;cmn_derunitenumtype&gt;&gt; of the curve. If _y_ is power factor, then a positive value means DER is absorbing reactive power (under-excited), a negative value when DER is injecting reactive power (over-excited).
   *
   *
   */
  y: number;
  customData?: CustomDataType;
}
export interface HysteresisType {
  /**
   * High value for return to normal operation after a grid event, in absolute value. This value adopts the same unit as defined by yUnit
   *
   *
   *
   */
  hysteresisHigh?: number;
  /**
   * Low value for return to normal operation after a grid event, in absolute value. This value adopts the same unit as defined by yUnit
   *
   *
   *
   */
  hysteresisLow?: number;
  /**
   * Delay in seconds, once grid parameter within HysteresisLow and HysteresisHigh, for the EV to return to normal operation after a grid event.
   *
   *
   *
   */
  hysteresisDelay?: number;
  /**
   * Set default rate of change (ramp rate %/s) for the EV to return to normal operation after a grid event
   *
   *
   *
   */
  hysteresisGradient?: number;
  customData?: CustomDataType;
}
export interface ReactivePowerParamsType {
  /**
   * Only for VoltVar curve: The nominal ac voltage (rms) adjustment to the voltage curve points for Volt-Var curves (percentage).
   *
   *
   *
   */
  vRef?: number;
  /**
   * Only for VoltVar: Enable/disable autonomous VRef adjustment
   *
   *
   *
   */
  autonomousVRefEnable?: boolean;
  /**
   * Only for VoltVar: Adjustment range for VRef time constant
   *
   *
   *
   */
  autonomousVRefTimeConstant?: number;
  customData?: CustomDataType;
}
export interface VoltageParamsType {
  /**
   * EN 50549-1 chapter 4.9.3.4
   *     Voltage threshold for the 10 min time window mean value monitoring.
   *     The 10 min mean is recalculated up to every 3 s.
   *     If the present voltage is above this threshold for more than the time defined by _hv10MinMeanValue_, the EV must trip.
   *     This value is mandatory if _hv10MinMeanTripDelay_ is set.
   *
   *
   *
   */
  hv10MinMeanValue?: number;
  /**
   * Time for which the voltage is allowed to stay above the 10 min mean value.
   *     After this time, the EV must trip.
   *     This value is mandatory if OverVoltageMeanValue10min is set.
   *
   *
   *
   */
  hv10MinMeanTripDelay?: number;
  powerDuringCessation?: PowerDuringCessationEnumType;
  customData?: CustomDataType;
}
export interface EnterServiceGetType {
  enterService: EnterServiceType;
  /**
   * Id of setting
   *
   *
   */
  id: string;
  customData?: CustomDataType;
}
export interface EnterServiceType {
  /**
   * Priority of setting (0=highest)
   *
   *
   */
  priority: number;
  /**
   * Enter service voltage high
   *
   */
  highVoltage: number;
  /**
   * Enter service voltage low
   *
   *
   *
   */
  lowVoltage: number;
  /**
   * Enter service frequency high
   *
   *
   */
  highFreq: number;
  /**
   * Enter service frequency low
   *
   *
   *
   */
  lowFreq: number;
  /**
   * Enter service delay
   *
   *
   *
   */
  delay?: number;
  /**
   * Enter service randomized delay
   *
   *
   *
   */
  randomDelay?: number;
  /**
   * Enter service ramp rate in seconds
   *
   *
   *
   */
  rampRate?: number;
  customData?: CustomDataType;
}
export interface FixedPFGetType {
  fixedPF: FixedPFType;
  /**
   * Id of setting.
   *
   */
  id: string;
  /**
   * True if setting is a default control.
   *
   */
  isDefault: boolean;
  /**
   * True if this setting is superseded by a lower priority setting.
   *
   */
  isSuperseded: boolean;
  customData?: CustomDataType;
}
export interface FixedPFType {
  /**
   * Priority of setting (0=highest)
   *
   */
  priority: number;
  /**
   * Power factor, cos(phi), as value between 0..1.
   *
   */
  displacement: number;
  /**
   * True when absorbing reactive power (under-excited), false when injecting reactive power (over-excited).
   *
   */
  excitation: boolean;
  /**
   * Time when this setting becomes active
   *
   */
  startTime?: string;
  /**
   * Duration in seconds that this setting is active.
   *
   */
  duration?: number;
  customData?: CustomDataType;
}
export interface FixedVarGetType {
  fixedVar: FixedVarType;
  /**
   * Id of setting
   *
   *
   */
  id: string;
  /**
   * True if setting is a default control.
   *
   */
  isDefault: boolean;
  /**
   * True if this setting is superseded by a lower priority setting
   *
   *
   */
  isSuperseded: boolean;
  customData?: CustomDataType;
}
export interface FixedVarType {
  /**
   * Priority of setting (0=highest)
   *
   */
  priority: number;
  /**
   * The value specifies a target var output interpreted as a signed percentage (-100 to 100).
   *     A negative value refers to charging, whereas a positive one refers to discharging.
   *     The value type is determined by the unit field.
   *
   */
  setpoint: number;
  unit: DERUnitEnumType;
  /**
   * Time when this setting becomes active.
   *
   */
  startTime?: string;
  /**
   * Duration in seconds that this setting is active.
   *
   */
  duration?: number;
  customData?: CustomDataType;
}
export interface FreqDroopGetType {
  freqDroop: FreqDroopType;
  /**
   * Id of setting
   *
   *
   */
  id: string;
  /**
   * True if setting is a default control.
   *
   */
  isDefault: boolean;
  /**
   * True if this setting is superseded by a higher priority setting (i.e. lower value of _priority_)
   *
   *
   */
  isSuperseded: boolean;
  customData?: CustomDataType;
}
export interface FreqDroopType {
  /**
   * Priority of setting (0=highest)
   *
   *
   *
   */
  priority: number;
  /**
   * Over-frequency start of droop
   *
   *
   *
   */
  overFreq: number;
  /**
   * Under-frequency start of droop
   *
   *
   *
   */
  underFreq: number;
  /**
   * Over-frequency droop per unit, oFDroop
   *
   *
   *
   */
  overDroop: number;
  /**
   * Under-frequency droop per unit, uFDroop
   *
   *
   */
  underDroop: number;
  /**
   * Open loop response time in seconds
   *
   *
   */
  responseTime: number;
  /**
   * Time when this setting becomes active
   *
   *
   *
   */
  startTime?: string;
  /**
   * Duration in seconds that this setting is active
   *
   *
   *
   */
  duration?: number;
  customData?: CustomDataType;
}
export interface GradientGetType {
  gradient: GradientType;
  /**
   * Id of setting
   *
   *
   */
  id: string;
  customData?: CustomDataType;
}
export interface GradientType {
  /**
   * Id of setting
   *
   *
   *
   */
  priority: number;
  /**
   * Default ramp rate in seconds (0 if not applicable)
   *
   *
   *
   */
  gradient: number;
  /**
   * Soft-start ramp rate in seconds (0 if not applicable)
   *
   *
   *
   */
  softGradient: number;
  customData?: CustomDataType;
}
export interface LimitMaxDischargeGetType {
  /**
   * Id of setting
   *
   *
   */
  id: string;
  /**
   * True if setting is a default control.
   *
   */
  isDefault: boolean;
  /**
   * True if this setting is superseded by a higher priority setting (i.e. lower value of _priority_)
   *
   *
   */
  isSuperseded: boolean;
  limitMaxDischarge: LimitMaxDischargeType;
  customData?: CustomDataType;
}
export interface LimitMaxDischargeType {
  /**
   * Priority of setting (0=highest)
   *
   *
   *
   */
  priority: number;
  /**
   * Only for PowerMonitoring. +
   *     The value specifies a percentage (0 to 100) of the rated maximum discharge power of EV.
   *     The PowerMonitoring curve becomes active when power exceeds this percentage.
   *
   *
   *
   */
  pctMaxDischargePower?: number;
  powerMonitoringMustTrip?: DERCurveType;
  /**
   * Time when this setting becomes active
   *
   *
   *
   */
  startTime?: string;
  /**
   * Duration in seconds that this setting is active
   *
   *
   *
   */
  duration?: number;
  customData?: CustomDataType;
}
/**
 * This message has no parameters.
 *
 *
 */
export interface ReportDERControlResponse {
  customData?: CustomDataType;
}
export interface RequestBatterySwapRequest {
  idToken: IdTokenType;
  /**
   * Request id to match with BatterySwapRequest.
   *
   *
   */
  requestId: number;
  customData?: CustomDataType;
}
export interface RequestBatterySwapResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface RequestStartTransactionRequest {
  /**
   * Number of the EVSE on which to start the transaction. EvseId SHALL be &gt; 0
   *
   */
  evseId?: number;
  groupIdToken?: IdTokenType;
  idToken: IdTokenType;
  /**
   * Id given by the server to this start request. The Charging Station will return this in the &lt;&lt;transactioneventrequest, TransactionEventRequest&gt;&gt;, letting the server know which transaction was started for this request. Use to start a transaction.
   *
   */
  remoteStartId: number;
  chargingProfile?: ChargingProfileType;
  customData?: CustomDataType;
}
/**
 * Status indicating whether the Charging Station accepts the request to start a transaction.
 *
 */
export type RequestStartStopStatusEnumType = "Accepted" | "Rejected";
export interface RequestStartTransactionResponse {
  status: RequestStartStopStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * When the transaction was already started by the Charging Station before the RequestStartTransactionRequest was received, for example: cable plugged in first. This contains the transactionId of the already started transaction.
   *
   */
  transactionId?: string;
  customData?: CustomDataType;
}
export interface RequestStopTransactionRequest {
  /**
   * The identifier of the transaction which the Charging Station is requested to stop.
   *
   */
  transactionId: string;
  customData?: CustomDataType;
}
export interface RequestStopTransactionResponse {
  status: RequestStartStopStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * The updated reservation status.
 *
 */
export type ReservationUpdateStatusEnumType = "Expired" | "Removed" | "NoTransaction";
export interface ReservationStatusUpdateRequest {
  /**
   * The ID of the reservation.
   *
   */
  reservationId: number;
  reservationUpdateStatus: ReservationUpdateStatusEnumType;
  customData?: CustomDataType;
}
export interface ReservationStatusUpdateResponse {
  customData?: CustomDataType;
}
export interface ReserveNowRequest {
  /**
   * Id of reservation.
   *
   */
  id: number;
  /**
   * Date and time at which the reservation expires.
   *
   */
  expiryDateTime: string;
  /**
   * This field specifies the connector type. Values defined in Appendix as ConnectorEnumStringType.
   *
   */
  connectorType?: string;
  idToken: IdTokenType;
  /**
   * This contains ID of the evse to be reserved.
   *
   */
  evseId?: number;
  groupIdToken?: IdTokenType;
  customData?: CustomDataType;
}
/**
 * This indicates the success or failure of the reservation.
 *
 */
export type ReserveNowStatusEnumType = "Accepted" | "Faulted" | "Occupied" | "Rejected" | "Unavailable";
export interface ReserveNowResponse {
  status: ReserveNowStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * This contains the type of reset that the Charging Station or EVSE should perform.
 *
 */
export type ResetEnumType = "Immediate" | "OnIdle" | "ImmediateAndResume";
export interface ResetRequest {
  type: ResetEnumType;
  /**
   * This contains the ID of a specific EVSE that needs to be reset, instead of the entire Charging Station.
   *
   */
  evseId?: number;
  customData?: CustomDataType;
}
/**
 * This indicates whether the Charging Station is able to perform the reset.
 *
 */
export type ResetStatusEnumType = "Accepted" | "Rejected" | "Scheduled";
export interface ResetResponse {
  status: ResetStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface SecurityEventNotificationRequest {
  /**
   * Type of the security event. This value should be taken from the Security events list.
   *
   */
  type: string;
  /**
   * Date and time at which the event occurred.
   *
   */
  timestamp: string;
  /**
   * Additional information about the occurred security event.
   *
   */
  techInfo?: string;
  customData?: CustomDataType;
}
export interface SecurityEventNotificationResponse {
  customData?: CustomDataType;
}
/**
 * This contains the type of update (full or differential) of this request.
 *
 */
export type UpdateEnumType = "Differential" | "Full";
export interface SendLocalListRequest {
  /**
   * @minItems 1
   */
  localAuthorizationList?: [AuthorizationData, ...AuthorizationData[]];
  /**
   * In case of a full update this is the version number of the full list. In case of a differential update it is the version number of the list after the update has been applied.
   *
   */
  versionNumber: number;
  updateType: UpdateEnumType;
  customData?: CustomDataType;
}
/**
 * Contains the identifier to use for authorization.
 *
 */
export interface AuthorizationData {
  idToken: IdTokenType;
  idTokenInfo?: IdTokenInfoType;
  customData?: CustomDataType;
}
/**
 * This indicates whether the Charging Station has successfully received and applied the update of the Local Authorization List.
 *
 */
export type SendLocalListStatusEnumType = "Accepted" | "Failed" | "VersionMismatch";
export interface SendLocalListResponse {
  status: SendLocalListStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface SetChargingProfileRequest {
  /**
   * For TxDefaultProfile an evseId=0 applies the profile to each individual evse. For ChargingStationMaxProfile and ChargingStationExternalConstraints an evseId=0 contains an overal limit for the whole Charging Station.
   *
   */
  evseId: number;
  chargingProfile: ChargingProfileType;
  customData?: CustomDataType;
}
export interface SetChargingProfileResponse {
  status: ChargingProfileStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface SetDefaultTariffRequest {
  /**
   * EVSE that tariff applies to. When _evseId_ = 0, then tarriff applies to all EVSEs.
   *
   *
   */
  evseId: number;
  tariff: TariffType;
  customData?: CustomDataType;
}
export type TariffSetStatusEnumType =
  "Accepted" | "Rejected" | "TooManyElements" | "ConditionNotSupported" | "DuplicateTariffId";
export interface SetDefaultTariffResponse {
  status: TariffSetStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface SetDERControlRequest {
  /**
   * True if this is a default DER control
   *
   *
   */
  isDefault: boolean;
  /**
   * Unique id of this control, e.g. UUID
   *
   *
   */
  controlId: string;
  controlType: DERControlEnumType;
  curve?: DERCurveType;
  enterService?: EnterServiceType;
  fixedPFAbsorb?: FixedPFType;
  fixedPFInject?: FixedPFType;
  fixedVar?: FixedVarType;
  freqDroop?: FreqDroopType;
  gradient?: GradientType;
  limitMaxDischarge?: LimitMaxDischargeType;
  customData?: CustomDataType;
}
export interface SetDERControlResponse {
  status: DERControlStatusEnumType;
  statusInfo?: StatusInfoType;
  /**
   * List of controlIds that are superseded as a result of setting this control.
   *
   *
   * @minItems 1
   * @maxItems 24
   */
  supersededIds?: [string, ...string[]];
  customData?: CustomDataType;
}
export interface SetDisplayMessageRequest {
  message: MessageInfoType;
  customData?: CustomDataType;
}
/**
 * This indicates whether the Charging Station is able to display the message.
 *
 */
export type DisplayMessageStatusEnumType =
  | "Accepted"
  | "NotSupportedMessageFormat"
  | "Rejected"
  | "NotSupportedPriority"
  | "NotSupportedState"
  | "UnknownTransaction"
  | "LanguageNotSupported";
export interface SetDisplayMessageResponse {
  status: DisplayMessageStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Specify which monitoring base will be set
 *
 */
export type MonitoringBaseEnumType = "All" | "FactoryDefault" | "HardWiredOnly";
export interface SetMonitoringBaseRequest {
  monitoringBase: MonitoringBaseEnumType;
  customData?: CustomDataType;
}
export interface SetMonitoringBaseResponse {
  status: GenericDeviceModelStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface SetMonitoringLevelRequest {
  /**
   * The Charging Station SHALL only report events with a severity number lower than or equal to this severity.
   * The severity range is 0-9, with 0 as the highest and 9 as the lowest severity level.
   *
   * The severity levels have the following meaning: +
   * *0-Danger* +
   * Indicates lives are potentially in danger. Urgent attention is needed and action should be taken immediately. +
   * *1-Hardware Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to Hardware issues. Action is required. +
   * *2-System Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to software or minor hardware issues. Action is required. +
   * *3-Critical* +
   * Indicates a critical error. Action is required. +
   * *4-Error* +
   * Indicates a non-urgent error. Action is required. +
   * *5-Alert* +
   * Indicates an alert event. Default severity for any type of monitoring event.  +
   * *6-Warning* +
   * Indicates a warning event. Action may be required. +
   * *7-Notice* +
   * Indicates an unusual event. No immediate action is required. +
   * *8-Informational* +
   * Indicates a regular operational event. May be used for reporting, measuring throughput, etc. No action is required. +
   * *9-Debug* +
   * Indicates information useful to developers for debugging, not useful during operations.
   *
   *
   *
   */
  severity: number;
  customData?: CustomDataType;
}
export interface SetMonitoringLevelResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * Authentication method.
 *
 */
export type APNAuthenticationEnumType = "PAP" | "CHAP" | "NONE" | "AUTO";
/**
 * *(2.1)* This field is ignored, since the OCPP version to use is determined during the websocket handshake. The field is only kept for backwards compatibility with the OCPP 2.0.1 JSON schema.
 *
 */
export type OCPPVersionEnumType = "OCPP12" | "OCPP15" | "OCPP16" | "OCPP20" | "OCPP201" | "OCPP21";
/**
 * Applicable Network Interface. Charging Station is allowed to use a different network interface to connect if the given one does not work.
 *
 */
export type OCPPInterfaceEnumType =
  "Wired0" | "Wired1" | "Wired2" | "Wired3" | "Wireless0" | "Wireless1" | "Wireless2" | "Wireless3" | "Any";
/**
 * Defines the transport protocol (e.g. SOAP or JSON). Note: SOAP is not supported in OCPP 2.x, but is supported by earlier versions of OCPP.
 *
 */
export type OCPPTransportEnumType = "SOAP" | "JSON";
/**
 * Type of VPN
 *
 */
export type VPNEnumType = "IKEv2" | "IPSec" | "L2TP" | "PPTP";
export interface SetNetworkProfileRequest {
  /**
   * Slot in which the configuration should be stored.
   *
   */
  configurationSlot: number;
  connectionData: NetworkConnectionProfileType;
  customData?: CustomDataType;
}
/**
 * The NetworkConnectionProfile defines the functional and technical parameters of a communication link.
 *
 */
export interface NetworkConnectionProfileType {
  apn?: APNType;
  ocppVersion?: OCPPVersionEnumType;
  ocppInterface: OCPPInterfaceEnumType;
  ocppTransport: OCPPTransportEnumType;
  /**
   * Duration in seconds before a message send by the Charging Station via this network connection times-out.
   * The best setting depends on the underlying network and response times of the CSMS.
   * If you are looking for a some guideline: use 30 seconds as a starting point.
   *
   */
  messageTimeout: number;
  /**
   * URL of the CSMS(s) that this Charging Station communicates with, without the Charging Station identity part. +
   * The SecurityCtrlr.Identity field is appended to _ocppCsmsUrl_ to provide the full websocket URL.
   *
   */
  ocppCsmsUrl: string;
  /**
   * This field specifies the security profile used when connecting to the CSMS with this NetworkConnectionProfile.
   *
   */
  securityProfile: number;
  /**
   * *(2.1)* Charging Station identity to be used as the basic authentication username.
   *
   */
  identity?: string;
  /**
   * *(2.1)* BasicAuthPassword to use for security profile 1 or 2.
   *
   */
  basicAuthPassword?: string;
  vpn?: VPNType;
  customData?: CustomDataType;
}
/**
 * Collection of configuration data needed to make a data-connection over a cellular network.
 *
 * NOTE: When asking a GSM modem to dial in, it is possible to specify which mobile operator should be used. This can be done with the mobile country code (MCC) in combination with a mobile network code (MNC). Example: If your preferred network is Vodafone Netherlands, the MCC=204 and the MNC=04 which means the key PreferredNetwork = 20404 Some modems allows to specify a preferred network, which means, if this network is not available, a different network is used. If you specify UseOnlyPreferredNetwork and this network is not available, the modem will not dial in.
 *
 */
export interface APNType {
  /**
   * The Access Point Name as an URL.
   *
   */
  apn: string;
  /**
   * APN username.
   *
   */
  apnUserName?: string;
  /**
   * *(2.1)* APN Password.
   *
   */
  apnPassword?: string;
  /**
   * SIM card pin code.
   *
   */
  simPin?: number;
  /**
   * Preferred network, written as MCC and MNC concatenated. See note.
   *
   */
  preferredNetwork?: string;
  /**
   * Default: false. Use only the preferred Network, do
   * not dial in when not available. See Note.
   *
   */
  useOnlyPreferredNetwork?: boolean;
  apnAuthentication: APNAuthenticationEnumType;
  customData?: CustomDataType;
}
/**
 * VPN Configuration settings
 *
 */
export interface VPNType {
  /**
   * VPN Server Address
   *
   */
  server: string;
  /**
   * VPN User
   *
   */
  user: string;
  /**
   * VPN group.
   *
   */
  group?: string;
  /**
   * *(2.1)* VPN Password.
   *
   */
  password: string;
  /**
   * VPN shared secret.
   *
   */
  key: string;
  type: VPNEnumType;
  customData?: CustomDataType;
}
/**
 * Result of operation.
 *
 */
export type SetNetworkProfileStatusEnumType = "Accepted" | "Rejected" | "Failed";
export interface SetNetworkProfileResponse {
  status: SetNetworkProfileStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface SetVariableMonitoringRequest {
  /**
   * @minItems 1
   */
  setMonitoringData: [SetMonitoringDataType, ...SetMonitoringDataType[]];
  customData?: CustomDataType;
}
/**
 * Class to hold parameters of SetVariableMonitoring request.
 *
 */
export interface SetMonitoringDataType {
  /**
   * An id SHALL only be given to replace an existing monitor. The Charging Station handles the generation of id's for new monitors.
   *
   *
   */
  id?: number;
  periodicEventStream?: PeriodicEventStreamParamsType;
  /**
   * Monitor only active when a transaction is ongoing on a component relevant to this transaction. Default = false.
   *
   *
   */
  transaction?: boolean;
  /**
   * Value for threshold or delta monitoring.
   * For Periodic or PeriodicClockAligned this is the interval in seconds.
   *
   *
   */
  value: number;
  type: MonitorEnumType;
  /**
   * The severity that will be assigned to an event that is triggered by this monitor. The severity range is 0-9, with 0 as the highest and 9 as the lowest severity level.
   *
   * The severity levels have the following meaning: +
   * *0-Danger* +
   * Indicates lives are potentially in danger. Urgent attention is needed and action should be taken immediately. +
   * *1-Hardware Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to Hardware issues. Action is required. +
   * *2-System Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to software or minor hardware issues. Action is required. +
   * *3-Critical* +
   * Indicates a critical error. Action is required. +
   * *4-Error* +
   * Indicates a non-urgent error. Action is required. +
   * *5-Alert* +
   * Indicates an alert event. Default severity for any type of monitoring event.  +
   * *6-Warning* +
   * Indicates a warning event. Action may be required. +
   * *7-Notice* +
   * Indicates an unusual event. No immediate action is required. +
   * *8-Informational* +
   * Indicates a regular operational event. May be used for reporting, measuring throughput, etc. No action is required. +
   * *9-Debug* +
   * Indicates information useful to developers for debugging, not useful during operations.
   *
   *
   */
  severity: number;
  component: ComponentType;
  variable: VariableType;
  customData?: CustomDataType;
}
/**
 * Status is OK if a value could be returned. Otherwise this will indicate the reason why a value could not be returned.
 *
 */
export type SetMonitoringStatusEnumType =
  "Accepted" | "UnknownComponent" | "UnknownVariable" | "UnsupportedMonitorType" | "Rejected" | "Duplicate";
export interface SetVariableMonitoringResponse {
  /**
   * @minItems 1
   */
  setMonitoringResult: [SetMonitoringResultType, ...SetMonitoringResultType[]];
  customData?: CustomDataType;
}
/**
 * Class to hold result of SetVariableMonitoring request.
 *
 */
export interface SetMonitoringResultType {
  /**
   * Id given to the VariableMonitor by the Charging Station. The Id is only returned when status is accepted. Installed VariableMonitors should have unique id's but the id's of removed Installed monitors should have unique id's but the id's of removed monitors MAY be reused.
   *
   */
  id?: number;
  statusInfo?: StatusInfoType;
  status: SetMonitoringStatusEnumType;
  type: MonitorEnumType;
  component: ComponentType;
  variable: VariableType;
  /**
   * The severity that will be assigned to an event that is triggered by this monitor. The severity range is 0-9, with 0 as the highest and 9 as the lowest severity level.
   *
   * The severity levels have the following meaning: +
   * *0-Danger* +
   * Indicates lives are potentially in danger. Urgent attention is needed and action should be taken immediately. +
   * *1-Hardware Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to Hardware issues. Action is required. +
   * *2-System Failure* +
   * Indicates that the Charging Station is unable to continue regular operations due to software or minor hardware issues. Action is required. +
   * *3-Critical* +
   * Indicates a critical error. Action is required. +
   * *4-Error* +
   * Indicates a non-urgent error. Action is required. +
   * *5-Alert* +
   * Indicates an alert event. Default severity for any type of monitoring event.  +
   * *6-Warning* +
   * Indicates a warning event. Action may be required. +
   * *7-Notice* +
   * Indicates an unusual event. No immediate action is required. +
   * *8-Informational* +
   * Indicates a regular operational event. May be used for reporting, measuring throughput, etc. No action is required. +
   * *9-Debug* +
   * Indicates information useful to developers for debugging, not useful during operations.
   *
   *
   */
  severity: number;
  customData?: CustomDataType;
}
export interface SetVariablesRequest {
  /**
   * @minItems 1
   */
  setVariableData: [SetVariableDataType, ...SetVariableDataType[]];
  customData?: CustomDataType;
}
export interface SetVariableDataType {
  attributeType?: AttributeEnumType;
  /**
   * Value to be assigned to attribute of variable.
   * This value is allowed to be an empty string ("").
   *
   * The Configuration Variable &lt;&lt;configkey-configuration-value-size,ConfigurationValueSize&gt;&gt; can be used to limit SetVariableData.attributeValue and VariableCharacteristics.valuesList. The max size of these values will always remain equal.
   *
   */
  attributeValue: string;
  component: ComponentType;
  variable: VariableType;
  customData?: CustomDataType;
}
/**
 * Result status of setting the variable.
 *
 */
export type SetVariableStatusEnumType =
  "Accepted" | "Rejected" | "UnknownComponent" | "UnknownVariable" | "NotSupportedAttributeType" | "RebootRequired";
export interface SetVariablesResponse {
  /**
   * @minItems 1
   */
  setVariableResult: [SetVariableResultType, ...SetVariableResultType[]];
  customData?: CustomDataType;
}
export interface SetVariableResultType {
  attributeType?: AttributeEnumType;
  attributeStatus: SetVariableStatusEnumType;
  attributeStatusInfo?: StatusInfoType;
  component: ComponentType;
  variable: VariableType;
  customData?: CustomDataType;
}
export interface SignCertificateRequest {
  /**
   * The Charging Station SHALL send the public key in form of a Certificate Signing Request (CSR) as described in RFC 2986 [22] and then PEM encoded, using the &lt;&lt;signcertificaterequest,SignCertificateRequest&gt;&gt; message.
   *
   */
  csr: string;
  certificateType?: CertificateSigningUseEnumType;
  hashRootCertificate?: CertificateHashDataType;
  /**
   * *(2.1)* RequestId to match this message with the CertificateSignedRequest.
   *
   */
  requestId?: number;
  customData?: CustomDataType;
}
export interface SignCertificateResponse {
  status: GenericStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
/**
 * This contains the current status of the Connector.
 *
 */
export type ConnectorStatusEnumType = "Available" | "Occupied" | "Reserved" | "Unavailable" | "Faulted";
export interface StatusNotificationRequest {
  /**
   * The time for which the status is reported.
   *
   */
  timestamp: string;
  connectorStatus: ConnectorStatusEnumType;
  /**
   * The id of the EVSE to which the connector belongs for which the the status is reported.
   *
   */
  evseId: number;
  /**
   * The id of the connector within the EVSE for which the status is reported.
   *
   */
  connectorId: number;
  customData?: CustomDataType;
}
export interface StatusNotificationResponse {
  customData?: CustomDataType;
}
/**
 * Type of cost dimension: energy, power, time, etc.
 *
 *
 */
export type CostDimensionEnumType =
  "Energy" | "MaxCurrent" | "MinCurrent" | "MaxPower" | "MinPower" | "IdleTIme" | "ChargingTime";
/**
 * Type of cost: normal or the minimum or maximum cost.
 *
 */
export type TariffCostEnumType = "NormalCost" | "MinCost" | "MaxCost";
/**
 * This contains the type of this event.
 * The first TransactionEvent of a transaction SHALL contain: "Started" The last TransactionEvent of a transaction SHALL contain: "Ended" All others SHALL contain: "Updated"
 *
 */
export type TransactionEventEnumType = "Ended" | "Started" | "Updated";
/**
 * Reason the Charging Station sends this message to the CSMS
 *
 */
export type TriggerReasonEnumType =
  | "AbnormalCondition"
  | "Authorized"
  | "CablePluggedIn"
  | "ChargingRateChanged"
  | "ChargingStateChanged"
  | "CostLimitReached"
  | "Deauthorized"
  | "EnergyLimitReached"
  | "EVCommunicationLost"
  | "EVConnectTimeout"
  | "EVDeparted"
  | "EVDetected"
  | "LimitSet"
  | "MeterValueClock"
  | "MeterValuePeriodic"
  | "OperationModeChanged"
  | "RemoteStart"
  | "RemoteStop"
  | "ResetCommand"
  | "RunningCost"
  | "SignedDataReceived"
  | "SoCLimitReached"
  | "StopAuthorized"
  | "TariffChanged"
  | "TariffNotAccepted"
  | "TimeLimitReached"
  | "Trigger"
  | "TxResumed"
  | "UnlockCommand";
/**
 * *(2.1)* The current preconditioning status of the BMS in the EV. Default value is Unknown.
 *
 */
export type PreconditioningStatusEnumType = "Unknown" | "Ready" | "NotReady" | "Preconditioning";
/**
 * Current charging state, is required when state
 * has changed. Omitted when there is no communication between EVSE and EV, because no cable is plugged in.
 *
 */
export type ChargingStateEnumType = "EVConnected" | "Charging" | "SuspendedEV" | "SuspendedEVSE" | "Idle";
/**
 * The _stoppedReason_ is the reason/event that initiated the process of stopping the transaction. It will normally be the user stopping authorization via card (Local or MasterPass) or app (Remote), but it can also be CSMS revoking authorization (DeAuthorized), or disconnecting the EV when TxStopPoint = EVConnected (EVDisconnected). Most other reasons are related to technical faults or energy limitations. +
 * MAY only be omitted when _stoppedReason_ is "Local"
 *
 *
 *
 */
export type ReasonEnumType =
  | "DeAuthorized"
  | "EmergencyStop"
  | "EnergyLimitReached"
  | "EVDisconnected"
  | "GroundFault"
  | "ImmediateReset"
  | "MasterPass"
  | "Local"
  | "LocalOutOfCredit"
  | "Other"
  | "OvercurrentFault"
  | "PowerLoss"
  | "PowerQuality"
  | "Reboot"
  | "Remote"
  | "SOCLimitReached"
  | "StoppedByEV"
  | "TimeLimitReached"
  | "Timeout"
  | "ReqEnergyTransferRejected";
export interface TransactionEventRequest {
  costDetails?: CostDetailsType;
  eventType: TransactionEventEnumType;
  /**
   * @minItems 1
   */
  meterValue?: [MeterValueType, ...MeterValueType[]];
  /**
   * The date and time at which this transaction event occurred.
   *
   */
  timestamp: string;
  triggerReason: TriggerReasonEnumType;
  /**
   * Incremental sequence number, helps with determining if all messages of a transaction have been received.
   *
   */
  seqNo: number;
  /**
   * Indication that this transaction event happened when the Charging Station was offline. Default = false, meaning: the event occurred when the Charging Station was online.
   *
   */
  offline?: boolean;
  /**
   * If the Charging Station is able to report the number of phases used, then it SHALL provide it.
   * When omitted the CSMS may be able to determine the number of phases used as follows: +
   * 1: The numberPhases in the currently used ChargingSchedule. +
   * 2: The number of phases provided via device management.
   *
   */
  numberOfPhasesUsed?: number;
  /**
   * The maximum current of the connected cable in Ampere (A).
   *
   */
  cableMaxCurrent?: number;
  /**
   * This contains the Id of the reservation that terminates as a result of this transaction.
   *
   */
  reservationId?: number;
  preconditioningStatus?: PreconditioningStatusEnumType;
  /**
   * *(2.1)* True when EVSE electronics are in sleep mode for this transaction. Default value (when absent) is false.
   *
   *
   */
  evseSleep?: boolean;
  transactionInfo: TransactionType;
  evse?: EVSEType;
  idToken?: IdTokenType;
  customData?: CustomDataType;
}
/**
 * CostDetailsType contains the cost as calculated by Charging Station based on provided TariffType.
 *
 * NOTE: Reservation is not shown as a _chargingPeriod_, because it took place outside of the transaction.
 *
 *
 */
export interface CostDetailsType {
  /**
   * @minItems 1
   */
  chargingPeriods?: [ChargingPeriodType, ...ChargingPeriodType[]];
  totalCost: TotalCostType;
  totalUsage: TotalUsageType;
  /**
   * If set to true, then Charging Station has failed to calculate the cost.
   *
   *
   */
  failureToCalculate?: boolean;
  /**
   * Optional human-readable reason text in case of failure to calculate.
   *
   *
   */
  failureReason?: string;
  customData?: CustomDataType;
}
/**
 * A ChargingPeriodType consists of a start time, and a list of possible values that influence this period, for example: amount of energy charged this period, maximum current during this period etc.
 *
 *
 */
export interface ChargingPeriodType {
  /**
   * @minItems 1
   */
  dimensions?: [CostDimensionType, ...CostDimensionType[]];
  /**
   * Unique identifier of the Tariff that was used to calculate cost. If not provided, then cost was calculated by some other means.
   *
   *
   */
  tariffId?: string;
  /**
   * Start timestamp of charging period. A period ends when the next period starts. The last period ends when the session ends.
   *
   *
   */
  startPeriod: string;
  customData?: CustomDataType;
}
/**
 * Volume consumed of cost dimension.
 *
 */
export interface CostDimensionType {
  type: CostDimensionEnumType;
  /**
   * Volume of the dimension consumed, measured according to the dimension type.
   *
   *
   */
  volume: number;
  customData?: CustomDataType;
}
/**
 * This contains the cost calculated during a transaction. It is used both for running cost and final cost of the transaction.
 *
 */
export interface TotalCostType {
  /**
   * Currency of the costs in ISO 4217 Code.
   *
   *
   */
  currency: string;
  typeOfCost: TariffCostEnumType;
  fixed?: PriceType;
  energy?: PriceType;
  chargingTime?: PriceType;
  idleTime?: PriceType;
  reservationTime?: PriceType;
  reservationFixed?: PriceType;
  total: TotalPriceType;
  customData?: CustomDataType;
}
/**
 * Total cost with and without tax. Contains the total of energy, charging time, idle time, fixed and reservation costs including and/or excluding tax.
 *
 */
export interface TotalPriceType {
  /**
   * Price/cost excluding tax. Can be absent if _inclTax_ is present.
   *
   */
  exclTax?: number;
  /**
   * Price/cost including tax. Can be absent if _exclTax_ is present.
   *
   */
  inclTax?: number;
  customData?: CustomDataType;
}
/**
 * This contains the calculated usage of energy, charging time and idle time during a transaction.
 *
 */
export interface TotalUsageType {
  energy: number;
  /**
   * Total duration of the charging session (including the duration of charging and not charging), in seconds.
   *
   *
   *
   */
  chargingTime: number;
  /**
   * Total duration of the charging session where the EV was not charging (no energy was transferred between EVSE and EV), in seconds.
   *
   *
   *
   */
  idleTime: number;
  /**
   * Total time of reservation in seconds.
   *
   */
  reservationTime?: number;
  customData?: CustomDataType;
}
export interface TransactionType {
  /**
   * This contains the Id of the transaction.
   *
   */
  transactionId: string;
  chargingState?: ChargingStateEnumType;
  /**
   * Contains the total time that energy flowed from EVSE to EV during the transaction (in seconds). Note that timeSpentCharging is smaller or equal to the duration of the transaction.
   *
   */
  timeSpentCharging?: number;
  stoppedReason?: ReasonEnumType;
  /**
   * The ID given to remote start request (&lt;&lt;requeststarttransactionrequest, RequestStartTransactionRequest&gt;&gt;. This enables to CSMS to match the started transaction to the given start request.
   *
   */
  remoteStartId?: number;
  operationMode?: OperationModeEnumType;
  /**
   * *(2.1)* Id of tariff in use for transaction
   *
   */
  tariffId?: string;
  transactionLimit?: TransactionLimitType;
  customData?: CustomDataType;
}
/**
 * Cost, energy, time or SoC limit for a transaction.
 *
 */
export interface TransactionLimitType {
  /**
   * Maximum allowed cost of transaction in currency of tariff.
   *
   */
  maxCost?: number;
  /**
   * Maximum allowed energy in Wh to charge in transaction.
   *
   */
  maxEnergy?: number;
  /**
   * Maximum duration of transaction in seconds from start to end.
   *
   */
  maxTime?: number;
  /**
   * Maximum State of Charge of EV in percentage.
   *
   */
  maxSoC?: number;
  customData?: CustomDataType;
}
export interface TransactionEventResponse {
  /**
   * When _eventType_ of TransactionEventRequest is Updated, then this value contains the running cost. When _eventType_ of TransactionEventRequest is Ended, then this contains the final total cost of this transaction, including taxes, in the currency configured with the Configuration Variable: Currency. Absence of this value does not imply that the transaction was free. To indicate a free transaction, the CSMS SHALL send a value of 0.00.
   *
   */
  totalCost?: number;
  /**
   * Priority from a business point of view. Default priority is 0, The range is from -9 to 9. Higher values indicate a higher priority. The chargingPriority in &lt;&lt;transactioneventresponse,TransactionEventResponse&gt;&gt; is temporarily, so it may not be set in the &lt;&lt;cmn_idtokeninfotype,IdTokenInfoType&gt;&gt; afterwards. Also the chargingPriority in &lt;&lt;transactioneventresponse,TransactionEventResponse&gt;&gt; has a higher priority than the one in &lt;&lt;cmn_idtokeninfotype,IdTokenInfoType&gt;&gt;.  
   *
   */
  chargingPriority?: number;
  idTokenInfo?: IdTokenInfoType;
  transactionLimit?: TransactionLimitType;
  updatedPersonalMessage?: MessageContentType;
  /**
   * @minItems 1
   * @maxItems 4
   */
  updatedPersonalMessageExtra?:
    | [MessageContentType]
    | [MessageContentType, MessageContentType]
    | [MessageContentType, MessageContentType, MessageContentType]
    | [MessageContentType, MessageContentType, MessageContentType, MessageContentType];
  customData?: CustomDataType;
}
/**
 * Type of message to be triggered.
 *
 */
export type MessageTriggerEnumType =
  | "BootNotification"
  | "LogStatusNotification"
  | "FirmwareStatusNotification"
  | "Heartbeat"
  | "MeterValues"
  | "SignChargingStationCertificate"
  | "SignV2GCertificate"
  | "SignV2G20Certificate"
  | "StatusNotification"
  | "TransactionEvent"
  | "SignCombinedCertificate"
  | "PublishFirmwareStatusNotification"
  | "CustomTrigger";
export interface TriggerMessageRequest {
  evse?: EVSEType;
  requestedMessage: MessageTriggerEnumType;
  /**
   * *(2.1)* When _requestedMessage_ = `CustomTrigger` this will trigger sending the corresponding message in field _customTrigger_, if supported by Charging Station.
   *
   *
   */
  customTrigger?: string;
  customData?: CustomDataType;
}
/**
 * Indicates whether the Charging Station will send the requested notification or not.
 *
 */
export type TriggerMessageStatusEnumType = "Accepted" | "Rejected" | "NotImplemented";
export interface TriggerMessageResponse {
  status: TriggerMessageStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface UnlockConnectorRequest {
  /**
   * This contains the identifier of the EVSE for which a connector needs to be unlocked.
   *
   */
  evseId: number;
  /**
   * This contains the identifier of the connector that needs to be unlocked.
   *
   */
  connectorId: number;
  customData?: CustomDataType;
}
/**
 * This indicates whether the Charging Station has unlocked the connector.
 *
 */
export type UnlockStatusEnumType = "Unlocked" | "UnlockFailed" | "OngoingAuthorizedTransaction" | "UnknownConnector";
export interface UnlockConnectorResponse {
  status: UnlockStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface UnpublishFirmwareRequest {
  /**
   * The MD5 checksum over the entire firmware file as a hexadecimal string of length 32.
   *
   */
  checksum: string;
  customData?: CustomDataType;
}
/**
 * Indicates whether the Local Controller succeeded in unpublishing the firmware.
 *
 */
export type UnpublishFirmwareStatusEnumType = "DownloadOngoing" | "NoFirmware" | "Unpublished";
export interface UnpublishFirmwareResponse {
  status: UnpublishFirmwareStatusEnumType;
  customData?: CustomDataType;
}
/**
 * Id of dynamic charging profile to update.
 *
 */
export interface UpdateDynamicScheduleRequest {
  /**
   * Id of charging profile to update.
   *
   */
  chargingProfileId: number;
  scheduleUpdate: ChargingScheduleUpdateType;
  customData?: CustomDataType;
}
export interface UpdateDynamicScheduleResponse {
  status: ChargingProfileStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface UpdateFirmwareRequest {
  /**
   * This specifies how many times Charging Station must retry to download the firmware before giving up. If this field is not present, it is left to Charging Station to decide how many times it wants to retry.
   * If the value is 0, it means: no retries.
   *
   */
  retries?: number;
  /**
   * The interval in seconds after which a retry may be attempted. If this field is not present, it is left to Charging Station to decide how long to wait between attempts.
   *
   */
  retryInterval?: number;
  /**
   * The Id of this request
   *
   */
  requestId: number;
  firmware: FirmwareType;
  customData?: CustomDataType;
}
/**
 * Represents a copy of the firmware that can be loaded/updated on the Charging Station.
 *
 */
export interface FirmwareType {
  /**
   * URI defining the origin of the firmware.
   *
   */
  location: string;
  /**
   * Date and time at which the firmware shall be retrieved.
   *
   */
  retrieveDateTime: string;
  /**
   * Date and time at which the firmware shall be installed.
   *
   */
  installDateTime?: string;
  /**
   * Certificate with which the firmware was signed.
   * PEM encoded X.509 certificate.
   *
   */
  signingCertificate?: string;
  /**
   * Base64 encoded firmware signature.
   *
   */
  signature?: string;
  customData?: CustomDataType;
}
/**
 * This field indicates whether the Charging Station was able to accept the request.
 *
 *
 */
export type UpdateFirmwareStatusEnumType =
  "Accepted" | "Rejected" | "AcceptedCanceled" | "InvalidCertificate" | "RevokedCertificate";
export interface UpdateFirmwareResponse {
  status: UpdateFirmwareStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface UsePriorityChargingRequest {
  /**
   * The transaction for which priority charging is requested.
   *
   */
  transactionId: string;
  /**
   * True to request priority charging.
   * False to request stopping priority charging.
   *
   */
  activate: boolean;
  customData?: CustomDataType;
}
/**
 * Result of the request.
 *
 */
export type PriorityChargingStatusEnumType = "Accepted" | "Rejected" | "NoProfile";
export interface UsePriorityChargingResponse {
  status: PriorityChargingStatusEnumType;
  statusInfo?: StatusInfoType;
  customData?: CustomDataType;
}
export interface VatNumberValidationRequest {
  /**
   * VAT number to check.
   *
   *
   */
  vatNumber: string;
  /**
   * EVSE id for which check is done
   *
   *
   */
  evseId?: number;
  customData?: CustomDataType;
}
export interface VatNumberValidationResponse {
  company?: AddressType;
  statusInfo?: StatusInfoType;
  /**
   * VAT number that was requested.
   *
   *
   */
  vatNumber: string;
  /**
   * EVSE id for which check was requested.
   *
   *
   */
  evseId?: number;
  status: GenericStatusEnumType;
  customData?: CustomDataType;
}

/** Request and response payload type of every OCPP 2.1 action. */
export interface Actions {
  AdjustPeriodicEventStream: { request: AdjustPeriodicEventStreamRequest; response: AdjustPeriodicEventStreamResponse };
  AFRRSignal: { request: AFRRSignalRequest; response: AFRRSignalResponse };
  Authorize: { request: AuthorizeRequest; response: AuthorizeResponse };
  BatterySwap: { request: BatterySwapRequest; response: BatterySwapResponse };
  BootNotification: { request: BootNotificationRequest; response: BootNotificationResponse };
  CancelReservation: { request: CancelReservationRequest; response: CancelReservationResponse };
  CertificateSigned: { request: CertificateSignedRequest; response: CertificateSignedResponse };
  ChangeAvailability: { request: ChangeAvailabilityRequest; response: ChangeAvailabilityResponse };
  ChangeTransactionTariff: { request: ChangeTransactionTariffRequest; response: ChangeTransactionTariffResponse };
  ClearCache: { request: ClearCacheRequest; response: ClearCacheResponse };
  ClearChargingProfile: { request: ClearChargingProfileRequest; response: ClearChargingProfileResponse };
  ClearDERControl: { request: ClearDERControlRequest; response: ClearDERControlResponse };
  ClearDisplayMessage: { request: ClearDisplayMessageRequest; response: ClearDisplayMessageResponse };
  ClearedChargingLimit: { request: ClearedChargingLimitRequest; response: ClearedChargingLimitResponse };
  ClearTariffs: { request: ClearTariffsRequest; response: ClearTariffsResponse };
  ClearVariableMonitoring: { request: ClearVariableMonitoringRequest; response: ClearVariableMonitoringResponse };
  ClosePeriodicEventStream: { request: ClosePeriodicEventStreamRequest; response: ClosePeriodicEventStreamResponse };
  CostUpdated: { request: CostUpdatedRequest; response: CostUpdatedResponse };
  CustomerInformation: { request: CustomerInformationRequest; response: CustomerInformationResponse };
  DataTransfer: { request: DataTransferRequest; response: DataTransferResponse };
  DeleteCertificate: { request: DeleteCertificateRequest; response: DeleteCertificateResponse };
  FirmwareStatusNotification: { request: FirmwareStatusNotificationRequest; response: FirmwareStatusNotificationResponse };
  Get15118EVCertificate: { request: Get15118EVCertificateRequest; response: Get15118EVCertificateResponse };
  GetBaseReport: { request: GetBaseReportRequest; response: GetBaseReportResponse };
  GetCertificateChainStatus: { request: GetCertificateChainStatusRequest; response: GetCertificateChainStatusResponse };
  GetCertificateStatus: { request: GetCertificateStatusRequest; response: GetCertificateStatusResponse };
  GetChargingProfiles: { request: GetChargingProfilesRequest; response: GetChargingProfilesResponse };
  GetCompositeSchedule: { request: GetCompositeScheduleRequest; response: GetCompositeScheduleResponse };
  GetDERControl: { request: GetDERControlRequest; response: GetDERControlResponse };
  GetDisplayMessages: { request: GetDisplayMessagesRequest; response: GetDisplayMessagesResponse };
  GetInstalledCertificateIds: { request: GetInstalledCertificateIdsRequest; response: GetInstalledCertificateIdsResponse };
  GetLocalListVersion: { request: GetLocalListVersionRequest; response: GetLocalListVersionResponse };
  GetLog: { request: GetLogRequest; response: GetLogResponse };
  GetMonitoringReport: { request: GetMonitoringReportRequest; response: GetMonitoringReportResponse };
  GetPeriodicEventStream: { request: GetPeriodicEventStreamRequest; response: GetPeriodicEventStreamResponse };
  GetReport: { request: GetReportRequest; response: GetReportResponse };
  GetTariffs: { request: GetTariffsRequest; response: GetTariffsResponse };
  GetTransactionStatus: { request: GetTransactionStatusRequest; response: GetTransactionStatusResponse };
  GetVariables: { request: GetVariablesRequest; response: GetVariablesResponse };
  Heartbeat: { request: HeartbeatRequest; response: HeartbeatResponse };
  InstallCertificate: { request: InstallCertificateRequest; response: InstallCertificateResponse };
  LogStatusNotification: { request: LogStatusNotificationRequest; response: LogStatusNotificationResponse };
  MeterValues: { request: MeterValuesRequest; response: MeterValuesResponse };
  NotifyAllowedEnergyTransfer: { request: NotifyAllowedEnergyTransferRequest; response: NotifyAllowedEnergyTransferResponse };
  NotifyChargingLimit: { request: NotifyChargingLimitRequest; response: NotifyChargingLimitResponse };
  NotifyCustomerInformation: { request: NotifyCustomerInformationRequest; response: NotifyCustomerInformationResponse };
  NotifyDERAlarm: { request: NotifyDERAlarmRequest; response: NotifyDERAlarmResponse };
  NotifyDERStartStop: { request: NotifyDERStartStopRequest; response: NotifyDERStartStopResponse };
  NotifyDisplayMessages: { request: NotifyDisplayMessagesRequest; response: NotifyDisplayMessagesResponse };
  NotifyEVChargingNeeds: { request: NotifyEVChargingNeedsRequest; response: NotifyEVChargingNeedsResponse };
  NotifyEVChargingSchedule: { request: NotifyEVChargingScheduleRequest; response: NotifyEVChargingScheduleResponse };
  NotifyEvent: { request: NotifyEventRequest; response: NotifyEventResponse };
  NotifyMonitoringReport: { request: NotifyMonitoringReportRequest; response: NotifyMonitoringReportResponse };
  NotifyPriorityCharging: { request: NotifyPriorityChargingRequest; response: NotifyPriorityChargingResponse };
  NotifyReport: { request: NotifyReportRequest; response: NotifyReportResponse };
  NotifySettlement: { request: NotifySettlementRequest; response: NotifySettlementResponse };
  NotifyWebPaymentStarted: { request: NotifyWebPaymentStartedRequest; response: NotifyWebPaymentStartedResponse };
  OpenPeriodicEventStream: { request: OpenPeriodicEventStreamRequest; response: OpenPeriodicEventStreamResponse };
  PublishFirmware: { request: PublishFirmwareRequest; response: PublishFirmwareResponse };
  PublishFirmwareStatusNotification: { request: PublishFirmwareStatusNotificationRequest; response: PublishFirmwareStatusNotificationResponse };
  PullDynamicScheduleUpdate: { request: PullDynamicScheduleUpdateRequest; response: PullDynamicScheduleUpdateResponse };
  ReportChargingProfiles: { request: ReportChargingProfilesRequest; response: ReportChargingProfilesResponse };
  ReportDERControl: { request: ReportDERControlRequest; response: ReportDERControlResponse };
  RequestBatterySwap: { request: RequestBatterySwapRequest; response: RequestBatterySwapResponse };
  RequestStartTransaction: { request: RequestStartTransactionRequest; response: RequestStartTransactionResponse };
  RequestStopTransaction: { request: RequestStopTransactionRequest; response: RequestStopTransactionResponse };
  ReservationStatusUpdate: { request: ReservationStatusUpdateRequest; response: ReservationStatusUpdateResponse };
  ReserveNow: { request: ReserveNowRequest; response: ReserveNowResponse };
  Reset: { request: ResetRequest; response: ResetResponse };
  SecurityEventNotification: { request: SecurityEventNotificationRequest; response: SecurityEventNotificationResponse };
  SendLocalList: { request: SendLocalListRequest; response: SendLocalListResponse };
  SetChargingProfile: { request: SetChargingProfileRequest; response: SetChargingProfileResponse };
  SetDefaultTariff: { request: SetDefaultTariffRequest; response: SetDefaultTariffResponse };
  SetDERControl: { request: SetDERControlRequest; response: SetDERControlResponse };
  SetDisplayMessage: { request: SetDisplayMessageRequest; response: SetDisplayMessageResponse };
  SetMonitoringBase: { request: SetMonitoringBaseRequest; response: SetMonitoringBaseResponse };
  SetMonitoringLevel: { request: SetMonitoringLevelRequest; response: SetMonitoringLevelResponse };
  SetNetworkProfile: { request: SetNetworkProfileRequest; response: SetNetworkProfileResponse };
  SetVariableMonitoring: { request: SetVariableMonitoringRequest; response: SetVariableMonitoringResponse };
  SetVariables: { request: SetVariablesRequest; response: SetVariablesResponse };
  SignCertificate: { request: SignCertificateRequest; response: SignCertificateResponse };
  StatusNotification: { request: StatusNotificationRequest; response: StatusNotificationResponse };
  TransactionEvent: { request: TransactionEventRequest; response: TransactionEventResponse };
  TriggerMessage: { request: TriggerMessageRequest; response: TriggerMessageResponse };
  UnlockConnector: { request: UnlockConnectorRequest; response: UnlockConnectorResponse };
  UnpublishFirmware: { request: UnpublishFirmwareRequest; response: UnpublishFirmwareResponse };
  UpdateDynamicSchedule: { request: UpdateDynamicScheduleRequest; response: UpdateDynamicScheduleResponse };
  UpdateFirmware: { request: UpdateFirmwareRequest; response: UpdateFirmwareResponse };
  UsePriorityCharging: { request: UsePriorityChargingRequest; response: UsePriorityChargingResponse };
  VatNumberValidation: { request: VatNumberValidationRequest; response: VatNumberValidationResponse };
}

/** An OCPP 2.1 action name. */
export type Action = keyof Actions;

/** Request payload type of every OCPP 2.1 SEND (an unconfirmed message: no response). */
export interface Sends {
  NotifyPeriodicEventStream: { request: NotifyPeriodicEventStreamRequest };
}
