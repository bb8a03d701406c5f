/**
 * An answer a REST handler has already written as JSON (the `value` of the envelope): sent as
 * it is, not serialized again. For a hot path that builds its answer from pieces it keeps
 * serialized (the showcase list: showcase.service.ts).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
