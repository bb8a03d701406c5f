/** bloomfilter 1.1 (Jason Davies) ships no types: the part the showcase uses. */
declare module 'bloomfilter' {
  export class BloomFilter {
    /** `m` bits, `k` hash functions. */
    constructor(m: number, k: number);
    /** A filter for `n` items with the given false-positive rate. */
    static withTargetError(n: number, error: number): BloomFilter;
    add(value: string | number): void;
    test(value: string | number): boolean;
  }
}
