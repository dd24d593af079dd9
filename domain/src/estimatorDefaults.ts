// The estimator's committed defaults: the models ops/estimator/calibrate.ts fitted, kept as data in
// estimatorDefaults.json (its "about" says when, to what and with which slicer). Rerun the calibration
// after changing the slicing profiles, the estimator's terms or the training shapes; do not edit the JSON.
import type { EstimatorModels } from './estimator.ts';
import defaults from './estimatorDefaults.json' with { type: 'json' };

export const ESTIMATOR_DEFAULTS: EstimatorModels = defaults.models;
