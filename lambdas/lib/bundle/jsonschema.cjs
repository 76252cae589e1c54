/**
 * Stands in for `jsonschema` in the Lambda bundles (an esbuild alias set by
 * `lib/aws/functions.ts`). ElectroDB validates every entity model against its JSON schema
 * each time an entity is built, and every entity again when a service joins them (to tell a model
 * from an entity). Our models are constants that the real `jsonschema` checks whenever the tests
 * or the local stack build them, so a Lambda would repeat checks whose outcome is fixed; they cost
 * most of the ~150 ms that building the data layer takes on an instance's first request.
 *
 * What ElectroDB needs from the answer is kept: a model passes, and an ElectroDB object (an entity
 * or a service, which carries `_instance`) fails, so that ElectroDB treats it as an instance.
 * `test/integration/lambda-bundles.test.ts` runs the data layer bundled this way against DynamoDB Local.
 */
class Validator {
  addSchema() {}

  validate(value) {
    const isInstance = value !== null && typeof value === 'object' && '_instance' in value;
    return { valid: !isInstance, errors: isInstance ? [{ property: 'instance', message: 'is not a model' }] : [] };
  }
}
// ElectroDB registers its custom formats on the prototype.
Validator.prototype.customFormats = {};

module.exports = { Validator };
