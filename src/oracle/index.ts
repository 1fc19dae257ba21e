/**
 * The oracle runtime authors need: `verify` decides whether a runtime's result is one the
 * framework's specification allows, with the rule and its source for every element that is not.
 */
export {
  type Candidate,
  type LibertyUse,
  type Method,
  type Verdict,
  type VerifyOptions,
  type Violation,
  verify,
} from './verify.js';
export { type Liberties, type Rule, BROKEN_PROMISE, NAN_PAYLOAD } from './allowed.js';
export { type Why, type WhyItem, whyModule } from './why.js';
// Checked at the entry (the CLI and verify call the unchecked originals).
export { departureTable, libertiesOf, prng, randomCall, runCampaign, why } from './checked.js';
export type {
  CampaignOptions,
  CampaignReport,
  Departure,
  Prng,
  Runtime,
  RuntimeRequest,
  RuntimeResult,
  TensorJson,
} from './campaign.js';
