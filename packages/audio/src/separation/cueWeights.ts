// Written by bench/separation-train.ts (seeds 10–60, light, produced, mono mixes,
// 5566150 bins for stage one, 5566150 for stage two); do not edit by hand.
export const CUE_WEIGHTS: readonly number[] = [
  -2.2802, // bias
  -1.636, // band 63 Hz
  -2.6906, // band 125 Hz
  -0.2265, // band 250 Hz
  1.5535, // band 500 Hz
  0.9518, // band 1 kHz
  0.7359, // band 2 kHz
  1.3755, // band 4 kHz
  -1.5046, // band 8 kHz
  -0.8394, // band 16 kHz
  -0.1566, // harmonic log-odds
  0.3475, // percussive (harmonic log-odds below 0)
  0.2367, // repetition log-odds
  0, // repetition abstains
  0.0617, // lead log-odds
  -0.3835, // lead abstains
  0.6119, // lead log-odds, neighbouring frames
  -0.119, // lead long tail log-odds
  0.2235, // stereo off-image
  -0.0673, // stereo off-image × lead evidence
  0.0986, // mono
  1.2219, // voiced frame
  -0.9758, // below the lead f0
  0.3563, // bin level in its frame
  0.2178, // frame level in the block
  0.3077, // repetition × lead
  0.207, // lead log-odds × 63 Hz
  -0.3244, // lead log-odds × 125 Hz
  0.2183, // lead log-odds × 250 Hz
  0.0712, // lead log-odds × 500 Hz
  0.2468, // lead log-odds × 1 kHz
  -0.0929, // lead log-odds × 2 kHz
  -0.1955, // lead log-odds × 4 kHz
  -0.2376, // lead log-odds × 8 kHz
  0.1687, // lead log-odds × 16 kHz
  0.5614, // stereo off-image × 63 Hz
  0.3795, // stereo off-image × 125 Hz
  1.8373, // stereo off-image × 250 Hz
  -0.7473, // stereo off-image × 500 Hz
  -0.4864, // stereo off-image × 1 kHz
  -0.923, // stereo off-image × 2 kHz
  -0.5055, // stereo off-image × 4 kHz
  0.1982, // stereo off-image × 8 kHz
  -0.0908, // stereo off-image × 16 kHz
  -0.092, // harmonic log-odds × 63 Hz
  -0.3606, // harmonic log-odds × 125 Hz
  0.2093, // harmonic log-odds × 250 Hz
  -0.1358, // harmonic log-odds × 500 Hz
  -0.1997, // harmonic log-odds × 1 kHz
  -0.1928, // harmonic log-odds × 2 kHz
  -0.0606, // harmonic log-odds × 4 kHz
  0.2021, // harmonic log-odds × 8 kHz
  0.4736, // harmonic log-odds × 16 kHz
]

export const CONTEXT_WEIGHTS: readonly number[] = [
  -0.0613, // bias
  0.3293, // own log-odds
  0.2982, // mean over 3 × 3 neighbours
  -0.3208, // mean over ±4 frames
  -0.0411, // mean over ±3 bins
  0.0502, // mean over the 8 frames before
  0.2323, // mean over the 8 frames after
  0.3364, // largest over 3 × 3 neighbours
  0.201, // stereo position likelihood
  1.1279, // stereo position likelihood, 3 × 3 mean
  0.2263, // reverb of the estimated vocals, 0.5 s, over the power
  -0.0797, // reverb of the estimated vocals, 2 s, over the power
  0.3165, // vocal share of the frame
  -0.0228, // vocal share of the frame, ±4 frames
]
