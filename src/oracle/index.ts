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
export { type Liberties, type Rule, BROKEN_PROMISE, NAN_PAYLOAD, libertiesOf } from './allowed.js';
export { type Why, type WhyItem, why, whyModule } from './why.js';
export {
  type CampaignOptions,
  type CampaignReport,
  type Departure,
  type Prng,
  type Runtime,
  type RuntimeRequest,
  type RuntimeResult,
  type TensorJson,
  departureTable,
  prng,
  randomCall,
  runCampaign,
} from './campaign.js';
