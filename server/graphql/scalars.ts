import { FAILURES, fail } from '../failures.ts';
import { GraphQLError, Kind } from 'graphql';
import { formatMoney, MoneyRangeError, parseMoney } from '../lib/money.ts';
import { builder } from './builder.ts';

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date and time in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const d = new Date(String(value));
    if (Number.isNaN(d.getTime())) throw new GraphQLError('Invalid DateTime');
    return d;
  },
});

builder.scalarType('Money', {
  description: 'An exact amount of US dollars as a decimal string with up to 6 decimals, e.g. "12.50".',
  serialize: (value) => formatMoney(BigInt(value as bigint)),
  parseValue: (value) => {
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new GraphQLError('Money must be a decimal string');
    try {
      return parseMoney(value);
    } catch (err) {
      throw new GraphQLError(
        err instanceof MoneyRangeError
          ? fail(err.code, { max: err.max }).message
          : FAILURES.ENTER_CORRECT_VALUE.message,
      );
    }
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING && ast.kind !== Kind.INT && ast.kind !== Kind.FLOAT) {
      throw new GraphQLError('Money must be a decimal string');
    }
    try {
      return parseMoney(ast.value);
    } catch (err) {
      throw new GraphQLError(
        err instanceof MoneyRangeError
          ? fail(err.code, { max: err.max }).message
          : FAILURES.ENTER_CORRECT_VALUE.message,
      );
    }
  },
});
