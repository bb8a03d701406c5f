/**
 * Whether a text is a TON address in a form the server takes (server/modules/payments
 * payouts.service.ts parseAddress): user-friendly (48 characters of base64 or base64url: flags,
 * workchain, 32-byte account, CRC16 checksum) or raw (`0:` and 64 hex digits). The server still
 * decides the rest (network, workchain, not our own wallet); this only lets the form show a
 * mistyped address beside an amount error instead of after it.
 */
export function isTonAddress(text: string): boolean {
  const value = text.trim();
  if (/^-?\d{1,3}:[0-9a-fA-F]{64}$/.test(value)) return true;
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(value)) return false;
  let bytes: Uint8Array;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  if (bytes.length !== 36) return false;
  const crc = crc16(bytes.subarray(0, 34));
  return bytes[34] === crc >> 8 && bytes[35] === (crc & 0xff);
}

/** CRC-16/XMODEM, as TON's user-friendly addresses use. */
function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
