/** A password's length, the same on both sides: 6 (the spec's floor) to 128 characters, any characters. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
