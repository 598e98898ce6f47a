import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { schemaFromIntrospection } from '../../../unit/core/schema/introspectionSchema';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { withCursor } from '../../../unit/core/language/helpers';

const schemaPath = path.join(__dirname, '../../../fixtures/schemas/shopify-storefront/storefront.schema.json');

describe("GraphqlLanguageService on Shopify's Storefront schema", function () {
  this.timeout(30_000);
  const { schema } = schemaFromIntrospection(readFileSync(schemaPath, 'utf8'));
  const service = GraphqlLanguageService.create(schema);

  // Go to definition on the name of an input object field leads to that field of its input type.
  const definitions: Array<[string, string, string]> = [
    ['a field of an argument', 'mutation { cartCreate(input: { no‸te: "x" }) { cart { id } } }', 'CartInput.note'],
    ['the start of the name', 'mutation { cartCreate(input: { ‸note: "x" }) { cart { id } } }', 'CartInput.note'],
    ['the end of the name', 'mutation { cartCreate(input: { note‸: "x" }) { cart { id } } }', 'CartInput.note'],
    ['a nested input object', 'mutation { cartCreate(input: { buyerIdentity: { em‸ail: "a" } }) { cart { id } } }', 'CartBuyerIdentityInput.email'],
    ['an input object in a list', 'mutation { cartCreate(input: { lines: [{ merchandise‸Id: "x" }] }) { cart { id } } }', 'CartLineInput.merchandiseId'],
    ['the second object of a list', 'mutation { cartCreate(input: { lines: [{ quantity: 1 }, { quan‸tity: 2 }] }) { cart { id } } }', 'CartLineInput.quantity'],
    [
      'three levels deep',
      'mutation { cartCreate(input: { buyerIdentity: { preferences: { delivery: { deliveryMe‸thod: [SHIPPING] } } } }) { cart { id } } }',
      'CartDeliveryPreferenceInput.deliveryMethod',
    ],
    [
      'across lines',
      'mutation {\n  cartCreate(\n    input: {\n      attributes: [\n        { ke‸y: "a", value: "b" }\n      ]\n    }\n  ) { cart { id } }\n}',
      'AttributeInput.key',
    ],
    ['a field argument inside a fragment', 'fragment F on Product { featuredImage { url(transform: { max‸Width: 100 }) } }', 'ImageTransformInput.maxWidth'],
    ['a variable default value', 'query Q($f: [ProductFilter!] = [{ avail‸able: true }]) { search(query: "a", productFilters: $f) { totalCount } }', 'ProductFilter.available'],
    [
      'an enum value in a list',
      'mutation { cartCreate(input: { buyerIdentity: { preferences: { delivery: { deliveryMethod: [SHIP‸PING] } } } }) { cart { id } } }',
      'PreferenceDeliveryMethodType.SHIPPING',
    ],
  ];
  for (const [name, text, key] of definitions) {
    it(`leads to ${key} from ${name}`, () => {
      const { doc, pos } = withCursor(text);
      const target = service.definition(doc, pos);
      assert.ok(target && target.kind === 'schema', JSON.stringify(target));
      assert.equal(target.key, key);
      const line = service.schemaView().sdl.split('\n')[target.sdlLine];
      assert.match(line, new RegExp(`^  ${key.split('.')[1]}\\b`));
    });
  }
});
