// Written by bench/separation-train.ts (seeds 10–60, light, produced, mono mixes,
// 5566372 bins for stage one, 5566372 for stage two); do not edit by hand.
export const CUE_WEIGHTS: readonly number[] = [
  -2.2182, // bias
  -1.6448, // band 63 Hz
  -2.5522, // band 125 Hz
  -0.1756, // band 250 Hz
  1.5331, // band 500 Hz
  0.9535, // band 1 kHz
  0.7083, // band 2 kHz
  1.3455, // band 4 kHz
  -1.5473, // band 8 kHz
  -0.8386, // band 16 kHz
  -0.1791, // harmonic log-odds
  0.3833, // percussive (harmonic log-odds below 0)
  0.239, // repetition log-odds
  0, // repetition abstains
  0.0391, // lead log-odds
  -0.3676, // lead abstains
  0.6142, // lead log-odds, neighbouring frames
  -0.0658, // lead long tail log-odds
  0.2014, // stereo off-image
  -0.1033, // stereo off-image × lead evidence
  0.0796, // mono
  1.1496, // voiced frame
  -1.0137, // below the lead f0
  0.3699, // bin level in its frame
  0.258, // frame level in the block
  0.313, // repetition × lead
  0.17, // lead log-odds × 63 Hz
  -0.2747, // lead log-odds × 125 Hz
  0.1872, // lead log-odds × 250 Hz
  0.0721, // lead log-odds × 500 Hz
  0.2551, // lead log-odds × 1 kHz
  -0.099, // lead log-odds × 2 kHz
  -0.2313, // lead log-odds × 4 kHz
  -0.2344, // lead log-odds × 8 kHz
  0.1941, // lead log-odds × 16 kHz
  0.5568, // stereo off-image × 63 Hz
  0.3618, // stereo off-image × 125 Hz
  1.6374, // stereo off-image × 250 Hz
  -0.6769, // stereo off-image × 500 Hz
  -0.3798, // stereo off-image × 1 kHz
  -0.979, // stereo off-image × 2 kHz
  -0.4487, // stereo off-image × 4 kHz
  0.2108, // stereo off-image × 8 kHz
  -0.0811, // stereo off-image × 16 kHz
  -0.1106, // harmonic log-odds × 63 Hz
  -0.3811, // harmonic log-odds × 125 Hz
  0.2074, // harmonic log-odds × 250 Hz
  -0.1294, // harmonic log-odds × 500 Hz
  -0.2316, // harmonic log-odds × 1 kHz
  -0.1749, // harmonic log-odds × 2 kHz
  -0.0511, // harmonic log-odds × 4 kHz
  0.2109, // harmonic log-odds × 8 kHz
  0.4813, // harmonic log-odds × 16 kHz
]

export const CONTEXT_WEIGHTS: readonly number[] = [
  -1.3566, // bias
  0.2937, // own log-odds
  0.3161, // mean over 3 × 3 neighbours
  -0.2536, // mean over ±4 frames
  -0.1808, // mean over ±3 bins
  0.0257, // mean over the 8 frames before
  0.2576, // mean over the 8 frames after
  0.3804, // largest over 3 × 3 neighbours
  0.1959, // stereo position likelihood
  1.1218, // stereo position likelihood, 3 × 3 mean
  0.2511, // reverb of the estimated vocals, 0.5 s, over the power
  -0.0653, // reverb of the estimated vocals, 2 s, over the power
  0.3095, // vocal share of the frame
  -0.0215, // vocal share of the frame, ±4 frames
  -0.1319, // cue: harmonic log-odds
  -0.0295, // cue: lead log-odds
  0.0826, // cue: stereo off-image
  0.1424, // cue: octave of the bin
  0.2212, // cue: bin level in its frame
  0.0095, // cue: pitch movement of the melody
]

// Stage two's hidden units: 8 rows of input weights in the order above.
export const HIDDEN_INPUT_WEIGHTS: readonly number[] = [
  // unit 1
  -4.0938, 0.002451, 0.035137, -0.23282, 0.10606, -0.20272, -0.36205, -0.27244, -0.20807, -2.7376,
  -0.25962, -0.17245, 0.076362, 0.067169, 0.4282, -0.033526, -0.89311, 0.3172, -0.046787, 0.46133,
  // unit 2
  -0.15919, 0.034229, 0.069969, -0.11078, 0.27108, -0.53444, -0.060132, 0.15171, 0.074365, -1.2497,
  -0.19858, 0.13216, 0.32049, -0.629, -0.23161, 1.0535, -0.85971, 0.13864, -0.12505, -0.47988,
  // unit 3
  -0.6823, -0.012253, -0.038606, -0.22213, 0.30136, -0.058275, -0.176, -0.068094, -0.2875, -0.99327,
  -0.09518, 0.035819, -0.068152, 0.21665, 0.52599, -0.3491, -0.21792, 0.19597, 0.064035, 0.45736,
  // unit 4
  2.7441, 0.071907, 0.043969, -0.0034875, 0.020114, 0.25298, 0.0030732, -0.1159, -0.15188, -0.24519,
  0.52263, 0.10163, -0.24592, -0.10829, 0.14687, -0.005177, 1.262, -0.18777, -0.037494, 0.13169,
  // unit 5
  2.216, -0.0056233, -0.15629, 0.018262, -0.062861, 0.28713, 0.0060241, 0.021439, 0.63466, 3.8985,
  0.27526, 0.2265, 0.43507, 0.07811, 0.37286, -0.33921, -0.65176, -0.12057, 0.37179, 0.049006,
  // unit 6
  0.40043, 0.054831, -0.344, -0.1802, 0.58087, 0.10471, -0.33628, -0.22041, -0.060986, -0.43317,
  0.099507, 0.091174, 0.092944, -0.42704, -0.10269, -0.216, 0.041979, 0.017733, -0.12902, -0.23744,
  // unit 7
  -1.0703, 0.023979, 0.14917, 0.034062, 0.03683, 0.11679, 0.16421, 0.33077, 0.030118, -0.43447,
  0.22479, -0.051292, 0.14335, 0.43128, -0.010693, 0.40472, 0.55471, 0.075316, -0.60324, 1.3403,
  // unit 8
  -0.38595, 0.18488, -0.026074, 0.035861, -0.20417, -0.30471, 0.18725, 0.4233, 0.084534, -0.60465,
  0.13408, 0.11234, -0.28892, -0.066309, 0.022639, 0.72465, 0.4732, 0.059169, 0.15325, -0.44129,
]

export const HIDDEN_OUTPUT_WEIGHTS: readonly number[] = [
  -0.56386, -0.55334, 0.76041, -1.2463, 0.42969, 1.5813, 0.52757, 0.96387,
]
