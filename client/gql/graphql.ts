/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type DefaultRole =
  | 'ADVERTISER'
  | 'PUBLISHER';

export type RegistrationSource =
  | 'FORM'
  | 'GOOGLE';

export type RegistrationStatus =
  | 'APPROVED'
  | 'DECLINED'
  | 'PENDING';

export type UpdateMeInput = {
  defaultRole: DefaultRole;
};

export type BalanceChip_UserFragment = { __typename: 'User', id: string, advertiserBalance: string, publisherBalance: string, publisherOnHoldBalance: string } & { ' $fragmentName'?: 'BalanceChip_UserFragment' };

export type LayoutMeQueryVariables = Exact<{ [key: string]: never; }>;


export type LayoutMeQuery = { __typename: 'Query', me: (
    { __typename: 'User', id: string, defaultRole: DefaultRole, isModerator: boolean }
    & { ' $fragmentRefs'?: { 'BalanceChip_UserFragment': BalanceChip_UserFragment;'UserMenu_UserFragment': UserMenu_UserFragment;'MobileDrawer_UserFragment': MobileDrawer_UserFragment } }
  ) };

export type MobileDrawer_UserFragment = { __typename: 'User', id: string, name: string, email: string, isModerator: boolean } & { ' $fragmentName'?: 'MobileDrawer_UserFragment' };

export type UserMenu_UserFragment = { __typename: 'User', id: string, name: string, email: string, defaultRole: DefaultRole, isModerator: boolean } & { ' $fragmentName'?: 'UserMenu_UserFragment' };

export type BalanceChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type BalanceChangedSubscription = { __typename: 'Subscription', balanceChanged: { __typename: 'Balances', advertiserBalance: string, publisherBalance: string, publisherOnHoldBalance: string } };

export type RegistrationQueueQueryVariables = Exact<{
  status?: RegistrationStatus | null | undefined;
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type RegistrationQueueQuery = { __typename: 'Query', registrationRequests: { __typename: 'RegistrationRequestPage', total: number, data: Array<(
      { __typename: 'RegistrationRequest', id: string }
      & { ' $fragmentRefs'?: { 'RegistrationRequestCard_RequestFragment': RegistrationRequestCard_RequestFragment } }
    )> } };

export type RegistrationRequestChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type RegistrationRequestChangedSubscription = { __typename: 'Subscription', registrationRequestChanged: (
    { __typename: 'RegistrationRequest', id: string }
    & { ' $fragmentRefs'?: { 'RegistrationRequestCard_RequestFragment': RegistrationRequestCard_RequestFragment } }
  ) };

export type ApproveRegistrationRequestMutationVariables = Exact<{
  id: string | number;
}>;


export type ApproveRegistrationRequestMutation = { __typename: 'Mutation', approveRegistrationRequest: (
    { __typename: 'RegistrationRequest', id: string }
    & { ' $fragmentRefs'?: { 'RegistrationRequestCard_RequestFragment': RegistrationRequestCard_RequestFragment } }
  ) };

export type DeclineRegistrationRequestMutationVariables = Exact<{
  id: string | number;
  reason?: string | null | undefined;
}>;


export type DeclineRegistrationRequestMutation = { __typename: 'Mutation', declineRegistrationRequest: (
    { __typename: 'RegistrationRequest', id: string }
    & { ' $fragmentRefs'?: { 'RegistrationRequestCard_RequestFragment': RegistrationRequestCard_RequestFragment } }
  ) };

export type RegistrationRequestCard_RequestFragment = { __typename: 'RegistrationRequest', id: string, createdAt: string, name: string, email: string, telegram: string | null, company: string | null, comment: string | null, role: DefaultRole, source: RegistrationSource, status: RegistrationStatus, decidedAt: string | null, declineReason: string | null } & { ' $fragmentName'?: 'RegistrationRequestCard_RequestFragment' };

export type UpdateDefaultRoleMutationVariables = Exact<{
  input: UpdateMeInput;
}>;


export type UpdateDefaultRoleMutation = { __typename: 'Mutation', updateMe: { __typename: 'User', id: string, defaultRole: DefaultRole } };

export const BalanceChip_UserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BalanceChip_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"advertiserBalance"}},{"kind":"Field","name":{"kind":"Name","value":"publisherBalance"}},{"kind":"Field","name":{"kind":"Name","value":"publisherOnHoldBalance"}}]}}]} as unknown as DocumentNode<BalanceChip_UserFragment, unknown>;
export const MobileDrawer_UserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MobileDrawer_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"isModerator"}}]}}]} as unknown as DocumentNode<MobileDrawer_UserFragment, unknown>;
export const UserMenu_UserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserMenu_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"isModerator"}}]}}]} as unknown as DocumentNode<UserMenu_UserFragment, unknown>;
export const RegistrationRequestCard_RequestFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RegistrationRequestCard_request"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RegistrationRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"telegram"}},{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"declineReason"}}]}}]} as unknown as DocumentNode<RegistrationRequestCard_RequestFragment, unknown>;
export const LayoutMeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LayoutMe"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"isModerator"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"BalanceChip_user"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserMenu_user"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MobileDrawer_user"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BalanceChip_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"advertiserBalance"}},{"kind":"Field","name":{"kind":"Name","value":"publisherBalance"}},{"kind":"Field","name":{"kind":"Name","value":"publisherOnHoldBalance"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserMenu_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"isModerator"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MobileDrawer_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"isModerator"}}]}}]} as unknown as DocumentNode<LayoutMeQuery, LayoutMeQueryVariables>;
export const BalanceChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"BalanceChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"advertiserBalance"}},{"kind":"Field","name":{"kind":"Name","value":"publisherBalance"}},{"kind":"Field","name":{"kind":"Name","value":"publisherOnHoldBalance"}}]}}]}}]} as unknown as DocumentNode<BalanceChangedSubscription, BalanceChangedSubscriptionVariables>;
export const RegistrationQueueDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RegistrationQueue"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RegistrationStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registrationRequests"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RegistrationRequestCard_request"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RegistrationRequestCard_request"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RegistrationRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"telegram"}},{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"declineReason"}}]}}]} as unknown as DocumentNode<RegistrationQueueQuery, RegistrationQueueQueryVariables>;
export const RegistrationRequestChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"RegistrationRequestChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registrationRequestChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RegistrationRequestCard_request"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RegistrationRequestCard_request"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RegistrationRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"telegram"}},{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"declineReason"}}]}}]} as unknown as DocumentNode<RegistrationRequestChangedSubscription, RegistrationRequestChangedSubscriptionVariables>;
export const ApproveRegistrationRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApproveRegistrationRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approveRegistrationRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RegistrationRequestCard_request"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RegistrationRequestCard_request"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RegistrationRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"telegram"}},{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"declineReason"}}]}}]} as unknown as DocumentNode<ApproveRegistrationRequestMutation, ApproveRegistrationRequestMutationVariables>;
export const DeclineRegistrationRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeclineRegistrationRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"declineRegistrationRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RegistrationRequestCard_request"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RegistrationRequestCard_request"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RegistrationRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"telegram"}},{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"declineReason"}}]}}]} as unknown as DocumentNode<DeclineRegistrationRequestMutation, DeclineRegistrationRequestMutationVariables>;
export const UpdateDefaultRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateDefaultRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMe"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}}]}}]}}]} as unknown as DocumentNode<UpdateDefaultRoleMutation, UpdateDefaultRoleMutationVariables>;