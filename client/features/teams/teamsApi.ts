import { graphql } from '../../gql';

export const AccountsQuery = graphql(`
  query Accounts {
    accounts {
      id
      name
      kind
      accessLevel
      own
      advertiserBalance
      publisherBalance
      publisherOnHoldBalance
      todaySpend
      todayRevenue
      todayConversions
      openCampaigns
    }
  }
`);

export const TeamQuery = graphql(`
  query Team($accountId: ID!) {
    members(accountId: $accountId) {
      userId
      name
      email
      accessLevel
      owner
      since
    }
    invitations(accountId: $accountId) {
      id
      email
      accessLevel
      invitedBy
      createdAt
      expiresAt
      status
    }
  }
`);

export const InviteMemberMutation = graphql(`
  mutation InviteMember($accountId: ID!, $email: String!, $accessLevel: AccessLevel!) {
    inviteMember(accountId: $accountId, email: $email, accessLevel: $accessLevel) {
      id
      email
      accessLevel
      status
      link
    }
  }
`);

export const RevokeInvitationMutation = graphql(`
  mutation RevokeInvitation($accountId: ID!, $id: ID!) {
    revokeInvitation(accountId: $accountId, id: $id) {
      id
      status
    }
  }
`);

export const SetMemberLevelMutation = graphql(`
  mutation SetMemberLevel($accountId: ID!, $userId: ID!, $accessLevel: AccessLevel!) {
    setMemberLevel(accountId: $accountId, userId: $userId, accessLevel: $accessLevel) {
      userId
      accessLevel
    }
  }
`);

export const RemoveMemberMutation = graphql(`
  mutation RemoveMember($accountId: ID!, $userId: ID!) {
    removeMember(accountId: $accountId, userId: $userId)
  }
`);

export const InvitationQuery = graphql(`
  query Invitation($token: String!) {
    invitation(token: $token) {
      accountName
      invitedBy
      email
      accessLevel
      expiresAt
      status
    }
  }
`);

export const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($token: String!) {
    acceptInvitation(token: $token) {
      id
      name
    }
  }
`);

export const ActivityQuery = graphql(`
  query Activity(
    $accountId: ID!
    $page: Int
    $limit: Int
    $userId: ID
    $objectType: ActivityObjectType
    $objectId: ID
  ) {
    activity(
      accountId: $accountId
      page: $page
      limit: $limit
      userId: $userId
      objectType: $objectType
      objectId: $objectId
    ) {
      total
      data {
        id
        at
        userId
        userName
        ip
        action
        objectType
        objectId
        changes {
          field
          before
          after
        }
      }
    }
  }
`);

export const AccountsChangedSubscription = graphql(`
  subscription AccountsChanged {
    accountsChanged
  }
`);

export const ActivityAddedSubscription = graphql(`
  subscription ActivityAdded($accountId: ID!) {
    activityAdded(accountId: $accountId)
  }
`);
