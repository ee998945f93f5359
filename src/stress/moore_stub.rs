//! TEMPORARY reference for "games" (Moore's Nim counting), used only until
//! `gamecheck::moore` lands. Every use goes through [`reference_count`] and
//! [`parse_instance`]; on merging, replace their bodies with `crate::moore::count(values,
//! len, 6)` and `crate::moore::parse_input(input)` and delete this file.
//!
//! The count is a DFT over (Z/7)^B, which exists mod 998244353 because 7 divides p − 1:
//! answer = 7^−B · Σ_χ f̂(χ)^K with f̂(χ) = Σ_i ω^⟨χ, bits(a_i)⟩. Bits that no value has are
//! dropped and equal bit columns merged, since they impose the same constraint.

use crate::input::{InputError, Scanner};

/// The modulus of the answer.
pub(crate) const MODULUS: u32 = 998_244_353;
const P: u64 = MODULUS as u64;
/// The largest value the reference accepts (8 bits).
pub(crate) const MAX_VALUE: u64 = 255;

/// A games instance: the values and the sequence length K.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Instance {
    pub values: Vec<u64>,
    pub len: u64,
}

fn pow_mod(mut base: u64, mut exp: u64) -> u64 {
    let mut acc = 1;
    base %= P;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = acc * base % P;
        }
        base = base * base % P;
        exp >>= 1;
    }
    acc
}

/// Returns the number of length-`len` sequences over `values` (duplicates counted apart) in
/// which every bit is set in a multiple of 7 entries, mod 998244353; `None` when a value
/// exceeds [`MAX_VALUE`].
pub(crate) fn reference_count(values: &[u64], len: u64) -> Option<u32> {
    if values.iter().any(|&v| v > MAX_VALUE) {
        return None;
    }
    let mut columns: Vec<Vec<bool>> = Vec::new();
    for bit in 0..8 {
        let column: Vec<bool> = values.iter().map(|v| v >> bit & 1 == 1).collect();
        if column.iter().any(|&x| x) && !columns.contains(&column) {
            columns.push(column);
        }
    }
    let bits = columns.len();
    // counts[u]: how many values have exactly the merged columns of pattern u.
    let mut cur = vec![0u64; 1 << bits];
    for i in 0..values.len() {
        let pattern = columns
            .iter()
            .enumerate()
            .fold(0usize, |acc, (j, column)| acc | usize::from(column[i]) << j);
        cur[pattern] += 1;
    }
    let omega = pow_mod(3, (P - 1) / 7);
    let powers: Vec<u64> = (0..7)
        .scan(1u64, |w, _| {
            let now = *w;
            *w = *w * omega % P;
            Some(now)
        })
        .collect();
    // Transform one axis at a time: index t + 7^j·u, t over done axes, u over bits j.. .
    let mut done = 1usize;
    for j in 0..bits {
        let rest = 1usize << (bits - j - 1);
        let mut next = vec![0u64; done * 7 * rest];
        for u in 0..rest {
            for t in 0..done {
                let zero = cur[t + done * (2 * u)] % P;
                let one = cur[t + done * (2 * u + 1)] % P;
                for (x, w) in powers.iter().enumerate() {
                    next[t + done * x + done * 7 * u] = (zero + w * one) % P;
                }
            }
        }
        cur = next;
        done *= 7;
    }
    let exponent = len % (P - 1);
    let sum = cur.iter().fold(0u64, |acc, &f| {
        let term = if len == 0 {
            1
        } else if f == 0 {
            0
        } else {
            // Fermat: f^(p−1) = 1 for f ≠ 0, so only K mod (p − 1) matters here.
            pow_mod(f, exponent)
        };
        (acc + term) % P
    });
    let inverse = pow_mod(pow_mod(7, P - 2), bits as u64);
    Some((sum * inverse % P) as u32)
}

/// Returns the instance in contest input: `N K`, then N values (on any lines).
pub(crate) fn parse_instance(input: &[u8]) -> Result<Instance, InputError> {
    let mut scan = Scanner::new(input);
    let n = scan.u64_anywhere("the number of values N")?;
    let len = scan.u64_on_line("the sequence length K")?;
    scan.end_line("`N K`")?;
    let mut values = Vec::with_capacity(n.min(input.len() as u64 / 2 + 1) as usize);
    for i in 1..=n {
        let line = scan.line();
        let value = scan.u64_anywhere(&format!("value {i} of {n}"))?;
        if value > MAX_VALUE {
            return Err(InputError::OutOfRange {
                line,
                token: value.to_string(),
                why: format!("values are at most {MAX_VALUE}"),
            });
        }
        values.push(value);
    }
    scan.end_of_input(&format!("the last of the {n} values"))?;
    Ok(Instance { values, len })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(values: &[u64], len: u32) -> u32 {
        let mut total = 0u64;
        let n = values.len() as u64;
        for code in 0..n.pow(len) {
            let mut c = code;
            let mut counts = [0u32; 8];
            for _ in 0..len {
                let v = values[(c % n) as usize];
                c /= n;
                for (bit, count) in counts.iter_mut().enumerate() {
                    *count += (v >> bit & 1) as u32;
                }
            }
            total += u64::from(counts.iter().all(|x| x % 7 == 0));
        }
        (total % P) as u32
    }

    #[test]
    fn count_matches_brute_force() {
        let sets: [&[u64]; 7] = [
            &[1],
            &[0, 1],
            &[1, 2, 3],
            &[3, 3],
            &[5, 6, 255],
            &[0],
            &[7, 1, 128],
        ];
        for set in sets {
            for len in 0..=8 {
                if (set.len() as u64).pow(len) > 500_000 {
                    continue;
                }
                assert_eq!(
                    reference_count(set, u64::from(len)),
                    Some(brute(set, len)),
                    "{set:?} {len}"
                );
            }
        }
    }

    #[test]
    fn count_sees_zeros_at_multiples_of_p_minus_one() {
        // 0..=6 under χ = (1, 2, 4) hit every residue, so f̂(χ) = 0.
        let values = [0, 1, 2, 3, 4, 5, 6];
        let right = reference_count(&values, P - 1);
        let reduced = reference_count(&values, 0);
        assert_ne!(right, reduced);
        assert_eq!(reference_count(&[1], P - 1), Some(1));
    }

    #[test]
    fn parse_reads_n_k_and_values() {
        let inst = parse_instance(b"3 5\n1 2 3\n");
        assert_eq!(
            inst,
            Ok(Instance {
                values: vec![1, 2, 3],
                len: 5
            })
        );
        assert!(parse_instance(b"1 5\n256\n").is_err());
    }
}
