/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n": typeof types.BalanceChip_UserFragmentDoc,
    "\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n": typeof types.LayoutMeDocument,
    "\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n  }\n": typeof types.MobileDrawer_UserFragmentDoc,
    "\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n": typeof types.UserMenu_UserFragmentDoc,
    "\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n": typeof types.BalanceChangedDocument,
    "\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n": typeof types.RegistrationQueueDocument,
    "\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": typeof types.RegistrationRequestChangedDocument,
    "\n  mutation ApproveRegistrationRequest($id: ID!) {\n    approveRegistrationRequest(id: $id) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": typeof types.ApproveRegistrationRequestDocument,
    "\n  mutation DeclineRegistrationRequest($id: ID!, $reason: String) {\n    declineRegistrationRequest(id: $id, reason: $reason) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": typeof types.DeclineRegistrationRequestDocument,
    "\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n": typeof types.RegistrationRequestCard_RequestFragmentDoc,
    "\n  mutation UpdateDefaultRole($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      defaultRole\n    }\n  }\n": typeof types.UpdateDefaultRoleDocument,
};
const documents: Documents = {
    "\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n": types.BalanceChip_UserFragmentDoc,
    "\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n": types.LayoutMeDocument,
    "\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n  }\n": types.MobileDrawer_UserFragmentDoc,
    "\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n": types.UserMenu_UserFragmentDoc,
    "\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n": types.BalanceChangedDocument,
    "\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n": types.RegistrationQueueDocument,
    "\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": types.RegistrationRequestChangedDocument,
    "\n  mutation ApproveRegistrationRequest($id: ID!) {\n    approveRegistrationRequest(id: $id) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": types.ApproveRegistrationRequestDocument,
    "\n  mutation DeclineRegistrationRequest($id: ID!, $reason: String) {\n    declineRegistrationRequest(id: $id, reason: $reason) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": types.DeclineRegistrationRequestDocument,
    "\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n": types.RegistrationRequestCard_RequestFragmentDoc,
    "\n  mutation UpdateDefaultRole($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      defaultRole\n    }\n  }\n": types.UpdateDefaultRoleDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n"): (typeof documents)["\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n"): (typeof documents)["\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n  }\n"): (typeof documents)["\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n"): (typeof documents)["\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n"): (typeof documents)["\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n"): (typeof documents)["\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"): (typeof documents)["\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveRegistrationRequest($id: ID!) {\n    approveRegistrationRequest(id: $id) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveRegistrationRequest($id: ID!) {\n    approveRegistrationRequest(id: $id) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineRegistrationRequest($id: ID!, $reason: String) {\n    declineRegistrationRequest(id: $id, reason: $reason) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"): (typeof documents)["\n  mutation DeclineRegistrationRequest($id: ID!, $reason: String) {\n    declineRegistrationRequest(id: $id, reason: $reason) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n"): (typeof documents)["\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDefaultRole($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      defaultRole\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDefaultRole($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      defaultRole\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;