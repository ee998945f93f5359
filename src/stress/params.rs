//! The parameters of a games stress run: k and the prime modulus of the count.

use crate::moore::{MODULUS, MooreError, count_mod, is_prime};

/// k (piles per move) and the prime modulus P that games inputs are judged with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GamesParams {
    k: u32,
    modulus: u64,
}

impl Default for GamesParams {
    /// The contest's: k = 6, P = 998244353.
    fn default() -> GamesParams {
        GamesParams {
            k: 6,
            modulus: u64::from(MODULUS),
        }
    }
}

impl GamesParams {
    /// Returns the parameters after checking them.
    ///
    /// # Constraints
    /// k ≥ 1 ([`MooreError::ZeroK`]) and `modulus` prime ([`MooreError::NotPrime`]).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::GamesParams;
    /// assert_eq!(GamesParams::new(2, 1_000_000_007).map(|g| (g.k(), g.modulus())), Ok((2, 1_000_000_007)));
    /// assert!(GamesParams::new(2, 1_000_000_008).is_err());
    /// ```
    pub fn new(k: u32, modulus: u64) -> Result<GamesParams, MooreError> {
        if k == 0 {
            return Err(MooreError::ZeroK);
        }
        if !is_prime(modulus) {
            return Err(MooreError::NotPrime { modulus });
        }
        Ok(GamesParams { k, modulus })
    }

    /// Returns k, the most piles a move may take from.
    pub fn k(self) -> u32 {
        self.k
    }

    /// Returns P, the modulus of the count.
    pub fn modulus(self) -> u64 {
        self.modulus
    }

    /// The flags that select these parameters on the command line: empty for the default.
    pub(crate) fn flags(self) -> String {
        if self == GamesParams::default() {
            String::new()
        } else {
            format!(" --k {} --modulus {}", self.k, self.modulus)
        }
    }

    /// The verified count for a games case.
    pub(crate) fn count(self, values: &[u64], len: u64) -> Result<u64, MooreError> {
        count_mod(values, len, self.k, self.modulus)
    }

    /// The most bits a generated value may have: as many as k = 6 allows at 0..=255
    /// ((k+1)^B ≤ 7^8), so the default generator is unchanged and large k stay cheap.
    pub(crate) fn value_bits(self) -> u32 {
        let m = u64::from(self.k) + 1;
        (1..=8)
            .rev()
            .find(|&b| m.checked_pow(b).is_some_and(|s| s <= 7u64.pow(8)))
            .unwrap_or(1)
    }
}
