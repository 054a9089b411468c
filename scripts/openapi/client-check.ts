// Compiled by scripts/openapi.mjs against the types openapi-typescript generates from the API's
// description: a client's use of the cart and order calls, which fails to compile if they drift.
import type { components, operations } from '../../.openapi/schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

type Cart = Json<operations['getCart']['responses'][200]>['data'];
type AddToCart = operations['postCart']['requestBody'] extends { content: { 'application/json': infer B } } ? B : never;
type PlacedOrder = Json<operations['postOrders']['responses'][201]>['data'];
type Order = Json<operations['getOrdersById']['responses'][200]>['data'];
type ApiError = components['schemas']['ErrorEnvelope']['error'];
type OrderEvent = components['schemas']['OrderEvent'];

export const add: AddToCart = {
  restaurant_id: 1,
  restaurant_product_id: 2,
  product_id: 3,
  quantity: 1,
  is_half_and_half: false,
  notes: '',
  modifiers: [],
  configurations: [],
};

export const cartTotal = (cart: Cart): number => cart.totals.total;
export const firstLineQuantity = (cart: Cart): number | undefined => cart.items[0]?.quantity;
export const orderNumbers = (placed: PlacedOrder, order: Order): string[] => [
  placed.order.order_number,
  order.order_number,
];
export const statusOf = (event: OrderEvent): string => event.status;
export const fieldsOf = (error: ApiError): Record<string, string> | undefined => error.fields;
