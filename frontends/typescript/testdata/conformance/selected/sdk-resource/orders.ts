// A resource module laid out the way generated API SDKs lay theirs out
// (written for tscg's tests): a resource class with overloaded methods,
// request and response interfaces, interfaces merged with namespaces of the
// same name, a self-import by namespace, open string unions, and a
// `declare namespace` that re-exports every type under the class's name.
// The modules imported by relative path are not stored: only the types in
// types.txt (and what they reference) must compile.

import { APICall } from '../../core/api-call';
import { APIResource } from '../../core/resource';
import { EventStream } from '../../core/streaming';
import { mergeHeaders } from '../../internal/headers';
import { RequestOptions } from '../../internal/request-options';
import { OrderTracker } from '../../lib/OrderTracker';
import {
  parseReceipt,
  type ParsedReceipt,
  type ParseableOrderParams,
} from '../../lib/receipt';
import * as RefundsAPI from './refunds';
import { Refund, RefundCreateParams, Refunds, RefundsPage } from './refunds';
import * as OrdersAPI from './orders';

import { DEFAULT_ORDER_TIMEOUT } from '../../internal/constants';

export class Orders extends APIResource {
  refunds: RefundsAPI.Refunds = new RefundsAPI.Refunds(this._client);

  /**
   * Place an order for baked goods, to collect or to be delivered.
   *
   * @example
   * ```ts
   * const order = await client.orders.create({
   *   quantity: 12,
   *   lines: [{ item: 'rye loaf', note: 'sliced' }],
   *   oven: 'stone-deck-2',
   * });
   * ```
   */
  create(params: OrderCreateParamsNonStreaming, options?: RequestOptions): APICall<Order>;
  create(params: OrderCreateParamsStreaming, options?: RequestOptions): APICall<EventStream<OrderStreamEvent>>;
  create(
    params: OrderCreateParamsBase,
    options?: RequestOptions,
  ): APICall<EventStream<OrderStreamEvent> | Order>;
  create(
    params: OrderCreateParams,
    options?: RequestOptions,
  ): APICall<Order> | APICall<EventStream<OrderStreamEvent>> {
    const { customer_ref, ...body } = params;
    if (body.oven in RETIRED_OVENS) {
      console.warn(`The oven '${body.oven}' is retired: ${RETIRED_OVENS[body.oven]}`);
    }
    return this._client.post('/v1/orders', {
      body,
      timeout: DEFAULT_ORDER_TIMEOUT,
      ...options,
      headers: mergeHeaders([{ 'x-customer-ref': customer_ref }, options?.headers]),
      stream: params.stream ?? false,
    }) as APICall<Order> | APICall<EventStream<OrderStreamEvent>>;
  }

  /**
   * Place an order and parse its receipt.
   */
  parse<Params extends ParseableOrderParams>(params: Params, options?: RequestOptions): APICall<ParsedReceipt<Params>> {
    return this.create(params, options).then((order) => parseReceipt(order, params)) as APICall<ParsedReceipt<Params>>;
  }

  track(body: OrderCreateParamsBase, options?: RequestOptions): OrderTracker {
    return OrderTracker.create(this._client, body, options);
  }
}

/**
 * Keeps an item warm until it is collected.
 */
export interface WarmingShelf {
  type: 'warming';

  /**
   * How long the item is kept warm.
   *
   * - `15m`: 15 minutes
   * - `2h`: 2 hours
   *
   * Defaults to `15m`.
   */
  hold?: '15m' | '2h';
}

export interface Address {
  type: 'approximate';

  /**
   * The city of the address.
   */
  city?: string | null;

  /**
   * Two-letter country code.
   */
  country?: string | null;

  /**
   * A time zone name, such as `Europe/Lisbon`.
   */
  timezone?: string | null;
}

/**
 * The oven the order is baked in.
 *
 * Any other oven name the bakery adds later is accepted too.
 */
export type Oven =
  | 'stone-deck-1'
  | 'stone-deck-2'
  | 'convection-a'
  | 'wood-fired'
  | (string & {});

const RETIRED_OVENS: {
  [K in Oven]?: string;
} = { 'convection-a': 'since spring' };

const OVENS_NEEDING_PREHEAT: Oven[] = ['wood-fired'];

export interface Recipe {
  /**
   * JSON schema for the ingredients this recipe takes.
   *
   * The baker fills it in when the recipe is used.
   */
  ingredient_schema: Recipe.IngredientSchema;

  /**
   * Name of the recipe.
   */
  name: string;

  allowed_bakers?: Array<'head' | 'pastry' | 'night_shift'>;

  /**
   * Keep the result warm until collected.
   */
  warming?: WarmingShelf | null;

  /**
   * What the recipe makes.
   *
   * The more the baker knows about the result, the better it turns out.
   */
  description?: string;

  /**
   * Whether the recipe is shown on the public menu. When null, the shop's
   * default applies.
   */
  on_menu?: boolean | null;

  sample_batches?: Array<{ [key: string]: unknown }>;

  /**
   * When true, ingredients outside the schema are refused.
   */
  strict?: boolean;

  type?: 'custom' | null;
}

export namespace Recipe {
  /**
   * JSON schema for the ingredients this recipe takes.
   */
  export interface IngredientSchema {
    type: 'object';

    properties?: unknown | null;

    required?: Array<string> | null;

    [k: string]: unknown;
  }
}

export interface SourdoughPreset20240601 {
  /**
   * Name of the preset.
   */
  name: 'sourdough';

  type: 'sourdough_20240601';

  allowed_bakers?: Array<'head' | 'pastry' | 'night_shift'>;

  warming?: WarmingShelf | null;

  /**
   * Hours the dough proves.
   */
  prove_hours?: number | null;
}

export interface CourierPreset20250101 {
  /**
   * Name of the preset.
   */
  name: 'courier';

  type: 'courier_20250101';

  allowed_bakers?: Array<'head' | 'pastry' | 'night_shift'>;

  /**
   * If given, only these districts are delivered to.
   */
  districts?: Array<string> | null;

  warming?: WarmingShelf | null;

  /**
   * Most deliveries per order.
   */
  max_drops?: number | null;

  /**
   * Where the customer is, to choose the nearest shop.
   */
  address?: Address | null;
}

// kept for older callers
export namespace CourierPreset20250101 {
  /**
   * @deprecated Import `Address` directly instead of using
   *   `CourierPreset20250101.Address`.
   */
  export type Address = Orders.Address;
}

export type RecipeUnion = Recipe | SourdoughPreset20240601 | CourierPreset20250101;

/**
 * How the order is collected. The shop may choose, the customer may name a
 * counter, or the order may not be collected at all.
 */
export type PickupChoice = PickupChoiceAuto | PickupChoiceAny | PickupChoiceNamed | PickupChoiceNone;

/**
 * Any counter will do.
 */
export interface PickupChoiceAny {
  type: 'any';

  /**
   * Whether everything must be collected at once.
   */
  single_trip?: boolean;
}

/**
 * The shop decides.
 */
export interface PickupChoiceAuto {
  type: 'auto';

  single_trip?: boolean;
}

/**
 * Nothing is collected.
 */
export interface PickupChoiceNone {
  type: 'none';
}

/**
 * Collected at the named counter.
 */
export interface PickupChoiceNamed {
  /**
   * The counter's name.
   */
  name: string;

  type: 'named';

  single_trip?: boolean;
}

export interface TextLineParam {
  text: string;

  type: 'text';

  warming?: WarmingShelf | null;
}

export interface PhotoLineParam {
  source: PhotoSource;

  type: 'photo';
}

export interface PhotoSource {
  data: string;

  media_type: 'image/jpeg' | 'image/png';

  type: 'base64';
}

export interface ReturnLineParam {
  order_ref: string;

  type: 'return';

  content?: string | Array<TextLineParam | PhotoLineParam>;

  damaged?: boolean;
}

export type LineParam = TextLineParam | PhotoLineParam | ReturnLineParam;

export interface OrderLineParam {
  content: string | Array<LineParam>;

  role: 'customer' | 'shop';
}

export interface Metadata {
  /**
   * An opaque id of the customer placing the order.
   */
  customer_id?: string | null;
}

export interface ProveConfigTimed {
  /**
   * Minutes to prove.
   */
  minutes: number;

  type: 'timed';
}

export interface ProveConfigNone {
  type: 'none';
}

export type ProveConfigParam = ProveConfigTimed | ProveConfigNone;

export interface PackagingParams {
  /**
   * Box size.
   */
  size?: 'small' | 'large' | null;

  labels?: Array<string> | null;
}

export type OrderCreateParamsPackaging = PackagingParams | string;

export interface ReceiptFormat {
  /**
   * The JSON schema of the receipt.
   */
  schema: { [key: string]: unknown };

  type: 'json_schema';
}

export type HoldReason = 'sold_out' | 'oven_busy' | 'closed' | 'paused';

export interface PauseDetails {
  /**
   * Why the order was paused.
   */
  explanation: string | null;

  type: 'pause';
}

export interface Counter {
  /**
   * Counter id.
   */
  id: string;

  /**
   * When the counter closes.
   */
  closes_at: string;

  staff: Array<CounterStaff> | null;
}

export interface CounterStaff {
  name: string;

  role: 'baker' | 'cashier';
}

export interface DeliveryCounts {
  /**
   * Deliveries made so far.
   */
  drops: number;
}

export interface OrderDeltaUsage {
  /**
   * Loaves baked so far.
   */
  loaves: number | null;

  /**
   * Pastries baked so far.
   */
  pastries: number | null;

  /**
   * Total items handed over.
   */
  items: number;

  /**
   * Breakdown of deliveries.
   */
  deliveries: DeliveryCounts | null;
}

export interface Order {
  id: string;

  lines: Array<OrderLineParam>;
}

export interface OrderDeltaEvent {
  delta: OrderDeltaEvent.Delta;

  type: 'order_delta';

  /**
   * How much has been baked so far.
   *
   * Counts grow as the order is worked on; `items` is final once the order
   * is complete.
   */
  usage: OrderDeltaUsage;
}

export namespace OrderDeltaEvent {
  export interface Delta {
    /**
     * The counter the order waits at.
     */
    counter: OrdersAPI.Counter | null;

    /**
     * Details of a pause.
     */
    pause_details: OrdersAPI.PauseDetails | null;

    hold_reason: OrdersAPI.HoldReason | null;

    hold_note: string | null;
  }
}

export interface OrderStopEvent {
  type: 'order_stop';
}

export type OrderStreamEvent = OrderDeltaEvent | OrderStopEvent;

export type OrderCreateParams = OrderCreateParamsNonStreaming | OrderCreateParamsStreaming;

export interface OrderCreateParamsBase {
  /**
   * Body param: How many items to bake at most.
   *
   * Set to `0` to only reserve oven time.
   */
  quantity: number;

  /**
   * Body param: The order lines, alternating customer and shop.
   */
  lines: Array<OrderLineParam>;

  /**
   * Body param: The oven to bake in.
   */
  oven: Oven;

  /**
   * Body param: Keep the order warm.
   */
  warming?: WarmingShelf | null;

  /**
   * Body param: Packaging, or the id of a saved packaging.
   */
  packaging?: OrderCreateParamsPackaging | null;

  /**
   * Body param: The region whose shops may bake the order.
   */
  region?: string | null;

  metadata?: Metadata;

  receipt?: ReceiptFormat;

  /**
   * Body param: Which queue the order joins.
   */
  priority?: 'auto' | 'standard_only';

  stop_words?: Array<string>;

  stream?: boolean;

  notes?: string | Array<TextLineParam>;

  crust?: number;

  proving?: ProveConfigParam;

  pickup?: PickupChoice;

  recipes?: Array<RecipeUnion>;

  /**
   * Header param: Who to bill, when not the account holder.
   */
  customer_ref?: string;
}

export namespace OrderCreateParams {
  export type OrderCreateParamsNonStreaming = OrdersAPI.OrderCreateParamsNonStreaming;
  export type OrderCreateParamsStreaming = OrdersAPI.OrderCreateParamsStreaming;
}

export interface OrderCreateParamsNonStreaming extends OrderCreateParamsBase {
  /**
   * Body param: Whether to send progress events while baking.
   */
  stream?: false;
}

export interface OrderCreateParamsStreaming extends OrderCreateParamsBase {
  /**
   * Body param: Whether to send progress events while baking.
   */
  stream: true;
}

Orders.Refunds = Refunds;

export declare namespace Orders {
  export {
    type Address as Address,
    type Counter as Counter,
    type CourierPreset20250101 as CourierPreset20250101,
    type Oven as Oven,
    type Order as Order,
    type OrderDeltaEvent as OrderDeltaEvent,
    type OrderStreamEvent as OrderStreamEvent,
    type PickupChoice as PickupChoice,
    type Recipe as Recipe,
    type RecipeUnion as RecipeUnion,
    type WarmingShelf as WarmingShelf,
    type OrderCreateParams as OrderCreateParams,
    type OrderCreateParamsNonStreaming as OrderCreateParamsNonStreaming,
    type OrderCreateParamsStreaming as OrderCreateParamsStreaming,
  };

  export {
    Refunds as Refunds,
    type Refund as Refund,
    type RefundsPage as RefundsPage,
    type RefundCreateParams as RefundCreateParams,
  };
}
