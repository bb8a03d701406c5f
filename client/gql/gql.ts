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
    "\n  query AuditEvents(\n    $page: Int!\n    $size: Int\n    $sortField: AuditSortField\n    $sortOrder: SortOrder\n    $filters: AuditFilters\n    $search: String\n  ) {\n    auditEvents(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        seq\n        at\n        actorId\n        actor\n        action\n        objectType\n        objectId\n        before\n        after\n        ip\n        hash\n      }\n    }\n  }\n": typeof types.AuditEventsDocument,
    "\n  query AuditActors {\n    auditActors {\n      id\n      email\n    }\n  }\n": typeof types.AuditActorsDocument,
    "\n  query CampaignReportFilters($limit: Int!) {\n    projects(page: 1, limit: $limit) {\n      data {\n        id\n        title\n      }\n    }\n    campaigns(page: 1, limit: $limit) {\n      total\n      data {\n        id\n        name\n        projectId\n      }\n    }\n  }\n": typeof types.CampaignReportFiltersDocument,
    "\n  query CampaignReport($from: String!, $to: String!, $projectId: ID, $campaignId: ID) {\n    campaignReport(from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      day\n      conversions\n      spend\n    }\n  }\n": typeof types.CampaignReportDocument,
    "\n  query CampaignReportBreakdown(\n    $groupBy: CampaignReportGroup!\n    $from: String!\n    $to: String!\n    $projectId: ID\n    $campaignId: ID\n  ) {\n    campaignReportBreakdown(groupBy: $groupBy, from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      key\n      label\n      conversions\n      spend\n      quality {\n        score\n        conversions\n      }\n    }\n  }\n": typeof types.CampaignReportBreakdownDocument,
    "\n  subscription CampaignReportLive {\n    campaignStatsChanged {\n      id\n      projectId\n    }\n  }\n": typeof types.CampaignReportLiveDocument,
    "\n  fragment CampaignRow_campaign on Campaign {\n    id\n    projectId\n    taskId\n    name\n    status\n    rejectReason\n    isActive\n    dailyCap\n    isPremiumOnly\n    newUsersOnly\n    minQuality\n    unscoredAllowed\n    prices {\n      tierLevel\n      value\n    }\n    task {\n      id\n      type\n      title\n      logo\n      url\n    }\n    budget\n    spend\n    conversions\n    todayConversions\n    todaySpend\n    notNew\n  }\n": typeof types.CampaignRow_CampaignFragmentDoc,
    "\n  query MyCampaigns(\n    $page: Int!\n    $size: Int\n    $sortField: CampaignSortField\n    $sortOrder: SortOrder\n    $filters: CampaignFilters\n    $search: String\n  ) {\n    campaigns(page: $page, size: $size, sortField: $sortField, sortOrder: $sortOrder, filters: $filters, search: $search) {\n      totalCount\n      data {\n        id\n        ...CampaignRow_campaign\n      }\n    }\n  }\n": typeof types.MyCampaignsDocument,
    "\n  query CampaignSettings {\n    settings {\n      onlyPremiumUserCommission\n      languages {\n        code\n        title\n      }\n      tierList {\n        level\n        value\n        prices {\n          countryId\n        }\n      }\n    }\n  }\n": typeof types.CampaignSettingsDocument,
    "\n  query CampaignCountries {\n    countries {\n      id\n      title\n    }\n  }\n": typeof types.CampaignCountriesDocument,
    "\n  query CampaignAdvertiserBalance {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n": typeof types.CampaignAdvertiserBalanceDocument,
    "\n  query CampaignProjectResources($id: ID!) {\n    project(id: $id) {\n      id\n      tasks {\n        id\n        type\n        title\n        logo\n      }\n    }\n  }\n": typeof types.CampaignProjectResourcesDocument,
    "\n  mutation CreateCampaign($projectId: ID!, $taskId: ID!, $input: CreateCampaignInput!) {\n    createCampaign(projectId: $projectId, taskId: $taskId, input: $input) {\n      id\n      ...CampaignRow_campaign\n    }\n  }\n": typeof types.CreateCampaignDocument,
    "\n  query CampaignEdit($id: ID!) {\n    campaign(id: $id) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n": typeof types.CampaignEditDocument,
    "\n  mutation UpdateCampaign($id: ID!, $input: UpdateCampaignInput!, $expectedVersion: Int) {\n    updateCampaign(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n": typeof types.UpdateCampaignDocument,
    "\n  mutation SetCampaignActive($id: ID!, $isActive: Boolean!) {\n    updateCampaign(id: $id, input: { isActive: $isActive }) {\n      id\n      isActive\n      status\n    }\n  }\n": typeof types.SetCampaignActiveDocument,
    "\n  mutation FundCampaign($id: ID!, $value: Money!, $idempotencyKey: String) {\n    fundCampaign(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n": typeof types.FundCampaignDocument,
    "\n  mutation ReturnCampaignBudget($id: ID!, $value: Money!, $idempotencyKey: String) {\n    returnCampaignBudget(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n": typeof types.ReturnCampaignBudgetDocument,
    "\n  subscription CampaignStatsChanged($projectId: ID) {\n    campaignStatsChanged(projectId: $projectId) {\n      id\n      projectId\n      status\n      rejectReason\n      isActive\n      budget\n      conversions\n      spend\n      todayConversions\n      todaySpend\n      notNew\n    }\n  }\n": typeof types.CampaignStatsChangedDocument,
    "\n  query ExchangeMe {\n    me {\n      id\n      isExchangeReady\n    }\n  }\n": typeof types.ExchangeMeDocument,
    "\n  mutation JoinExchange($ready: Boolean!) {\n    updateMe(input: { isExchangeReady: $ready }) {\n      id\n      isExchangeReady\n    }\n  }\n": typeof types.JoinExchangeDocument,
    "\n  query ExchangeCatalog($search: String, $page: Int!, $limit: Int!) {\n    exchangeCatalog(search: $search, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        ownerName\n        taskTypes\n        recentCompletions\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.ExchangeCatalogDocument,
    "\n  query OfferChoices($partnerPlatformId: ID!) {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        isActive\n      }\n    }\n    mine: exchangeProjects {\n      id\n      title\n      resources\n    }\n    theirs: exchangeProjects(platformId: $partnerPlatformId) {\n      id\n      title\n      resources\n      taskTypes\n    }\n  }\n": typeof types.OfferChoicesDocument,
    "\n  mutation CreateOffer($input: CreateOfferInput!) {\n    createOffer(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.CreateOfferDocument,
    "\n  fragment OfferCard_offer on Offer {\n    id\n    createdAt\n    status\n    quantity\n    partnerQuantity\n    expiresAt\n    message\n    dealId\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n": typeof types.OfferCard_OfferFragmentDoc,
    "\n  query ExchangeOffers($direction: OfferDirection!, $page: Int!, $limit: Int!) {\n    exchangeOffers(direction: $direction, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...OfferCard_offer\n      }\n    }\n  }\n": typeof types.ExchangeOffersDocument,
    "\n  query ExchangeOffer($id: ID!) {\n    exchangeOffer(id: $id) {\n      id\n      proposer {\n        id\n      }\n      ...OfferCard_offer\n    }\n  }\n": typeof types.ExchangeOfferDocument,
    "\n  mutation ConfirmOffer($id: ID!) {\n    confirmOffer(id: $id) {\n      id\n      status\n      dealId\n    }\n  }\n": typeof types.ConfirmOfferDocument,
    "\n  mutation RejectOffer($id: ID!) {\n    rejectOffer(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.RejectOfferDocument,
    "\n  mutation WithdrawOffer($id: ID!) {\n    withdrawOffer(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.WithdrawOfferDocument,
    "\n  query AwaitingOffers {\n    awaitingOffers {\n      incoming\n      outgoing\n    }\n  }\n": typeof types.AwaitingOffersDocument,
    "\n  subscription AwaitingOffersChanged {\n    awaitingOffersChanged {\n      incoming\n      outgoing\n    }\n  }\n": typeof types.AwaitingOffersChangedDocument,
    "\n  fragment DealCard_deal on Deal {\n    id\n    createdAt\n    status\n    quantity\n    delivered\n    partnerQuantity\n    partnerDelivered\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n": typeof types.DealCard_DealFragmentDoc,
    "\n  query ExchangeDeals($page: Int!, $limit: Int!) {\n    exchangeDeals(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...DealCard_deal\n      }\n    }\n  }\n": typeof types.ExchangeDealsDocument,
    "\n  subscription DealUpdated {\n    dealUpdated {\n      id\n      ...DealCard_deal\n    }\n  }\n": typeof types.DealUpdatedDocument,
    "\n  mutation ChangeDeal($id: ID!, $action: DealAction!) {\n    changeDeal(id: $id, action: $action) {\n      id\n      ...DealCard_deal\n    }\n  }\n": typeof types.ChangeDealDocument,
    "\n  query WithdrawalQueue(\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    withdrawalQueue(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        userId\n        user {\n          name\n          email\n        }\n        createdAt\n        updatedAt\n        status\n        amount\n        walletAddress\n        txHash\n        failureReason\n        chainFailure {\n          kind\n          exitCode\n        }\n        payoutStage\n        batchId\n        explorerUrl\n        approvalsNeeded\n        approvals {\n          userId\n          name\n          at\n        }\n        viewerDecision {\n          own\n          mayApprove\n          gaveApproval\n          mayReject\n        }\n        holdUntil\n        requestedFrom\n        approvedByRule\n        rejectedBy {\n          userId\n          name\n          at\n        }\n      }\n    }\n  }\n": typeof types.WithdrawalQueueDocument,
    "\n  subscription WithdrawalQueueChanged {\n    withdrawalQueueChanged {\n      ...FinishedWithdrawal\n      updatedAt\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n": typeof types.WithdrawalQueueChangedDocument,
    "\n  mutation ApproveWithdrawal($id: ID!) {\n    approveWithdrawal(id: $id) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n": typeof types.ApproveWithdrawalDocument,
    "\n  mutation ApproveWithdrawals($ids: [ID!]!) {\n    approveWithdrawals(ids: $ids) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n": typeof types.ApproveWithdrawalsDocument,
    "\n  mutation FailWithdrawal($id: ID!, $reason: String!) {\n    failWithdrawal(id: $id, reason: $reason) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      updatedAt\n    }\n  }\n": typeof types.FailWithdrawalDocument,
    "\n  fragment FinishedWithdrawal on Transaction {\n    id\n    status\n    payoutStage\n    batchId\n    txHash\n    explorerUrl\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n  }\n": typeof types.FinishedWithdrawalFragmentDoc,
    "\n  query PayoutWallet {\n    payoutWallet {\n      network\n      chain\n      address\n      ton\n      usdt\n      neededTon\n      neededUsdt\n      alert\n      limit\n      limitHit {\n        kind\n        sent\n        max\n        waiting\n        waitingAmount\n      }\n      limitsSet\n      limitsLifted\n      explorer\n      unmatched {\n        withdrawalId\n        txHash\n        amount\n        destination\n        reason\n        seenAt\n        booked {\n          status\n          amount\n          address\n        }\n      }\n    }\n  }\n": typeof types.PayoutWalletDocument,
    "\n  mutation LiftPayoutLimits {\n    liftPayoutLimits {\n      limit\n      limitHit {\n        kind\n      }\n      limitsLifted\n    }\n  }\n": typeof types.LiftPayoutLimitsDocument,
    "\n  subscription PayoutWalletChanged {\n    payoutWalletChanged {\n      address\n    }\n  }\n": typeof types.PayoutWalletChangedDocument,
    "\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n": typeof types.BalanceChip_UserFragmentDoc,
    "\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n    isFinance\n    isAdmin\n    advertiserBalance\n  }\n": typeof types.MobileDrawer_UserFragmentDoc,
    "\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n": typeof types.UserMenu_UserFragmentDoc,
    "\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      isFinance\n      isAdmin\n      isExchangeReady\n      language\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n": typeof types.LayoutMeDocument,
    "\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n": typeof types.BalanceChangedDocument,
    "\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n": typeof types.RegistrationRequestCard_RequestFragmentDoc,
    "\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n": typeof types.RegistrationQueueDocument,
    "\n  mutation ApproveRegistrationRequest($id: ID!) {\n    approveRegistrationRequest(id: $id) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": typeof types.ApproveRegistrationRequestDocument,
    "\n  mutation DeclineRegistrationRequest($id: ID!, $reason: String) {\n    declineRegistrationRequest(id: $id, reason: $reason) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": typeof types.DeclineRegistrationRequestDocument,
    "\n  fragment PlayerReportRow_report on PlayerReport {\n    id\n    createdAt\n    updatedAt\n    status\n    reason\n    text\n    playerId\n    playerName\n    rule\n    evidence\n    app {\n      id\n      title\n    }\n    campaign {\n      id\n      name\n      taskTitle\n      taskType\n      ownerName\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n": typeof types.PlayerReportRow_ReportFragmentDoc,
    "\n  query PlayerReports(\n    $page: Int!\n    $size: Int!\n    $sortField: PlayerReportSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: PlayerReportFilters\n  ) {\n    playerReports(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...PlayerReportRow_report\n      }\n    }\n  }\n": typeof types.PlayerReportsDocument,
    "\n  query PlayerReportDetail($id: ID!) {\n    playerReport(id: $id) {\n      report {\n        id\n        ...PlayerReportRow_report\n      }\n      blocked\n      conversions {\n        id\n        createdAt\n        status\n        price\n        campaignId\n        campaignName\n        appTitle\n        taskType\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n": typeof types.PlayerReportDetailDocument,
    "\n  fragment ModerationHistory_entry on ModerationHistoryEntry {\n    id\n    at\n    action\n    from\n    to\n    note\n    effects\n    actor {\n      id\n      name\n    }\n  }\n": typeof types.ModerationHistory_EntryFragmentDoc,
    "\n  subscription PlayerReportChanged {\n    playerReportChanged {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": typeof types.PlayerReportChangedDocument,
    "\n  mutation ClaimPlayerReport($id: ID!) {\n    claimPlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": typeof types.ClaimPlayerReportDocument,
    "\n  mutation ReleasePlayerReport($id: ID!) {\n    releasePlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": typeof types.ReleasePlayerReportDocument,
    "\n  mutation DecidePlayerReport(\n    $id: ID!\n    $status: PlayerReportDecision!\n    $note: String\n    $voidConversion: Boolean\n    $blockPlayer: Boolean\n    $pauseCampaign: Boolean\n    $askAdvertiser: Boolean\n  ) {\n    decidePlayerReport(\n      id: $id\n      status: $status\n      note: $note\n      voidConversion: $voidConversion\n      blockPlayer: $blockPlayer\n      pauseCampaign: $pauseCampaign\n      askAdvertiser: $askAdvertiser\n    ) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": typeof types.DecidePlayerReportDocument,
    "\n  fragment CampaignReviewRow_campaign on CampaignReview {\n    id\n    createdAt\n    name\n    status\n    rejectReason\n    approvedAt\n    budget\n    advertiser {\n      id\n      name\n      email\n    }\n    project {\n      id\n      title\n    }\n    task {\n      type\n      title\n      url\n      logo\n    }\n    prices {\n      tierLevel\n      value\n    }\n    targeting {\n      countries\n      languages\n      dailyCap\n      premiumOnly\n      newUsersOnly\n      minQuality\n      unscoredAllowed\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n": typeof types.CampaignReviewRow_CampaignFragmentDoc,
    "\n  query CampaignReviews(\n    $page: Int!\n    $size: Int!\n    $sortField: CampaignReviewSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: CampaignReviewFilters\n  ) {\n    campaignReviews(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...CampaignReviewRow_campaign\n      }\n    }\n  }\n": typeof types.CampaignReviewsDocument,
    "\n  query CampaignReviewDetail($id: ID!) {\n    campaignReview(id: $id) {\n      campaign {\n        id\n        ...CampaignReviewRow_campaign\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n": typeof types.CampaignReviewDetailDocument,
    "\n  subscription CampaignReviewChanged {\n    campaignReviewChanged {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": typeof types.CampaignReviewChangedDocument,
    "\n  mutation ClaimCampaignReview($id: ID!) {\n    claimCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": typeof types.ClaimCampaignReviewDocument,
    "\n  mutation ReleaseCampaignReview($id: ID!) {\n    releaseCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": typeof types.ReleaseCampaignReviewDocument,
    "\n  mutation ApproveCampaign($id: ID!) {\n    approveCampaign(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": typeof types.ApproveCampaignDocument,
    "\n  mutation RejectCampaign($id: ID!, $reason: String!) {\n    rejectCampaign(id: $id, reason: $reason) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": typeof types.RejectCampaignDocument,
    "\n  query ModerationCounts {\n    moderationCounts {\n      newReports\n      myReports\n      campaignsToReview\n      registrations\n    }\n  }\n": typeof types.ModerationCountsDocument,
    "\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": typeof types.RegistrationRequestChangedDocument,
    "\n  query ModerationMe {\n    me {\n      id\n    }\n  }\n": typeof types.ModerationMeDocument,
    "\n  query NotificationSettings {\n    notificationSettings {\n      telegramConfigured\n      telegram {\n        id\n        username\n      }\n      preferences {\n        type\n        group\n        label\n        telegram\n        email\n        alwaysOn\n      }\n    }\n  }\n": typeof types.NotificationSettingsDocument,
    "\n  subscription TelegramLinkChanged {\n    telegramLinkChanged {\n      telegram {\n        id\n        username\n      }\n    }\n  }\n": typeof types.TelegramLinkChangedDocument,
    "\n  mutation StartTelegramLink {\n    startTelegramLink {\n      url\n      expiresAt\n    }\n  }\n": typeof types.StartTelegramLinkDocument,
    "\n  mutation UnlinkTelegram {\n    unlinkTelegram {\n      telegram {\n        id\n      }\n    }\n  }\n": typeof types.UnlinkTelegramDocument,
    "\n  mutation UpdateNotificationSettings($changes: [NotificationPreferenceInput!]!) {\n    updateNotificationSettings(changes: $changes) {\n      type\n      group\n      label\n      telegram\n      email\n      alwaysOn\n    }\n  }\n": typeof types.UpdateNotificationSettingsDocument,
    "\n  query AddFundsMe {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n": typeof types.AddFundsMeDocument,
    "\n  mutation CreateTopUp($amount: Money!) {\n    createTopUp(amount: $amount) {\n      url\n      transaction {\n        id\n        ...TransactionRow_transaction\n      }\n    }\n  }\n": typeof types.CreateTopUpDocument,
    "\n  query PayoutAddresses {\n    payoutAddresses {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n": typeof types.PayoutAddressesDocument,
    "\n  mutation AddPayoutAddress($address: String!, $label: String!) {\n    addPayoutAddress(address: $address, label: $label) {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n": typeof types.AddPayoutAddressDocument,
    "\n  mutation RemovePayoutAddress($id: ID!) {\n    removePayoutAddress(id: $id)\n  }\n": typeof types.RemovePayoutAddressDocument,
    "\n  fragment TransactionRow_transaction on Transaction {\n    id\n    createdAt\n    updatedAt\n    kind\n    status\n    amount\n    walletAddress\n    txHash\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n    payoutStage\n    approvalsNeeded\n    approvalsGiven\n    batchId\n    explorerUrl\n    holdUntil\n    payUrl\n  }\n": typeof types.TransactionRow_TransactionFragmentDoc,
    "\n  mutation CancelTopUp($id: ID!) {\n    cancelTopUp(id: $id) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      payUrl\n      updatedAt\n    }\n  }\n": typeof types.CancelTopUpDocument,
    "\n  query Transactions(\n    $kind: TransactionKind!\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    transactions(\n      kind: $kind\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        status\n        ...TransactionRow_transaction\n      }\n    }\n  }\n": typeof types.TransactionsDocument,
    "\n  subscription TransactionUpdated {\n    transactionUpdated {\n      id\n      kind\n      ...TransactionRow_transaction\n    }\n  }\n": typeof types.TransactionUpdatedDocument,
    "\n  query WithdrawMe {\n    me {\n      id\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n": typeof types.WithdrawMeDocument,
    "\n  mutation RequestWithdrawal($amount: Money!, $walletAddress: String!) {\n    requestWithdrawal(amount: $amount, walletAddress: $walletAddress) {\n      id\n      ...TransactionRow_transaction\n    }\n  }\n": typeof types.RequestWithdrawalDocument,
    "\n  query PlatformCallbacks($platformId: ID!) {\n    platformCallbacks(platformId: $platformId) {\n      id\n      conversionId\n      url\n      status\n      attempts\n      nextAttemptAt\n      lastStatusCode\n      lastError\n      createdAt\n      deliveredAt\n      attemptLog {\n        attempt\n        at\n        statusCode\n        error\n        durationMs\n      }\n    }\n  }\n": typeof types.PlatformCallbacksDocument,
    "\n  subscription RewardCallbackUpdated($platformId: ID!) {\n    rewardCallbackUpdated(platformId: $platformId) {\n      id\n    }\n  }\n": typeof types.RewardCallbackUpdatedDocument,
    "\n  query MyPlatforms($page: Int! = 1, $limit: Int! = 11) {\n    platforms(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        status\n        isActive\n        completed\n        revenue\n      }\n    }\n  }\n": typeof types.MyPlatformsDocument,
    "\n  query PlatformDetails($id: ID!) {\n    platform(id: $id) {\n      id\n      version\n      title\n      logo\n      categoryId\n      webappUrl\n      tgBotUrl\n      tgBotId\n      hasBotToken\n      rewardCallbackUrl\n      isDarkTheme\n      isActive\n      rewards {\n        id\n        title\n        logo\n      }\n      services {\n        id\n        taskType\n        shouldConfirmWithoutPayout\n        isExcluded\n        defaultPrice\n        reward\n        rewardIcon\n        awards {\n          id\n          platformRewardId\n          platformRewardTitle\n          value\n        }\n        tiers {\n          level\n          value\n          publisherValue\n          prices {\n            value\n            countryId\n            country {\n              id\n              title\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.PlatformDetailsDocument,
    "\n  query PlatformKey($id: ID!) {\n    platform(id: $id) {\n      id\n      secretKey\n    }\n  }\n": typeof types.PlatformKeyDocument,
    "\n  query PlatformTierList {\n    settings {\n      networkFeePercent\n      tierList {\n        level\n        value\n        publisherValue\n        prices {\n          value\n          countryId\n          country {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n": typeof types.PlatformTierListDocument,
    "\n  query PlatformCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n": typeof types.PlatformCategoriesDocument,
    "\n  mutation CreatePlatform($input: PlatformInput!) {\n    createPlatform(input: $input) {\n      id\n      title\n    }\n  }\n": typeof types.CreatePlatformDocument,
    "\n  mutation UpdatePlatform($id: ID!, $input: PlatformInput!, $expectedVersion: Int) {\n    updatePlatform(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      logo\n      isActive\n    }\n  }\n": typeof types.UpdatePlatformDocument,
    "\n  mutation RegeneratePlatformKey($id: ID!) {\n    regeneratePlatformKey(id: $id)\n  }\n": typeof types.RegeneratePlatformKeyDocument,
    "\n  query PlatformCampaigns($platformId: ID!) {\n    platformCampaigns(platformId: $platformId) {\n      campaignId\n      task {\n        type\n        title\n      }\n      completedQuantity\n      profitBudget\n      isActive\n    }\n  }\n": typeof types.PlatformCampaignsDocument,
    "\n  query PlatformTotals($id: ID!) {\n    platform(id: $id) {\n      id\n      title\n      completed\n      revenue\n    }\n  }\n": typeof types.PlatformTotalsDocument,
    "\n  fragment PlatformLiveTotals on Platform {\n    id\n    completed\n    revenue\n  }\n": typeof types.PlatformLiveTotalsFragmentDoc,
    "\n  subscription PlatformStatsLive($platformId: ID) {\n    platformStatsChanged(platformId: $platformId) {\n      platformId\n      campaignId\n      completedQuantity\n      profitBudget\n      platformCompleted\n      platformRevenue\n    }\n  }\n": typeof types.PlatformStatsLiveDocument,
    "\n  query MyProjects($page: Int! = 1, $limit: Int! = 100) {\n    projects(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        tasksCount\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.MyProjectsDocument,
    "\n  query ProjectCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n": typeof types.ProjectCategoriesDocument,
    "\n  fragment ProjectTask_task on Task {\n    id\n    projectId\n    type\n    taskType\n    title\n    url\n    logo\n    isMiniApp\n    inviteLink\n    verificationCode\n    verificationLink\n    isVerifiedSource\n  }\n": typeof types.ProjectTask_TaskFragmentDoc,
    "\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      version\n      title\n      categoryId\n      tasksCount\n      category {\n        id\n        title\n      }\n      tasks {\n        ...ProjectTask_task\n      }\n    }\n  }\n": typeof types.ProjectDetailDocument,
    "\n  query ProjectKey($id: ID!) {\n    project(id: $id) {\n      id\n      title\n      secretKey\n    }\n  }\n": typeof types.ProjectKeyDocument,
    "\n  query ProjectTasks($projectId: ID!, $page: Int!, $limit: Int!) {\n    projectTasks(projectId: $projectId, page: $page, limit: $limit) {\n      total\n      data {\n        ...ProjectTask_task\n        campaigns {\n          id\n          name\n          status\n          isActive\n        }\n      }\n    }\n  }\n": typeof types.ProjectTasksDocument,
    "\n  query SystemBot {\n    settings {\n      telegramSystemBot\n    }\n  }\n": typeof types.SystemBotDocument,
    "\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      id\n      title\n      secretKey\n    }\n  }\n": typeof types.CreateProjectDocument,
    "\n  mutation UpdateProject($id: ID!, $input: ProjectInput!, $expectedVersion: Int) {\n    updateProject(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      tasksCount\n      logo\n      category {\n        id\n        title\n      }\n    }\n  }\n": typeof types.UpdateProjectDocument,
    "\n  mutation RegenerateProjectKey($id: ID!) {\n    regenerateProjectKey(id: $id)\n  }\n": typeof types.RegenerateProjectKeyDocument,
    "\n  mutation CreateTask($projectId: ID!, $input: TaskInput!) {\n    createTask(projectId: $projectId, input: $input) {\n      ...ProjectTask_task\n    }\n  }\n": typeof types.CreateTaskDocument,
    "\n  mutation VerifyTask($projectId: ID!, $taskId: ID!) {\n    verifyTask(projectId: $projectId, taskId: $taskId) {\n      id\n      isVerifiedSource\n    }\n  }\n": typeof types.VerifyTaskDocument,
    "\n  mutation SuggestResource($url: String!) {\n    suggestResource(url: $url) {\n      title\n      logo\n      taskType\n      url\n    }\n  }\n": typeof types.SuggestResourceDocument,
    "\n  subscription TaskUpdated($projectId: ID!) {\n    taskUpdated(projectId: $projectId) {\n      action\n      projectId\n      taskId\n      task {\n        ...ProjectTask_task\n      }\n    }\n  }\n": typeof types.TaskUpdatedDocument,
    "\n  fragment QualityFields on PlatformQuality {\n    platformId\n    score\n    conversions\n    minSample\n    retention\n    retentionSample\n    retention30d\n    retention30dSample\n    voidRate\n    reportsPer1000\n    fraudHitsPer1000\n    fastShare\n    penalties {\n      component\n      points\n    }\n  }\n": typeof types.QualityFieldsFragmentDoc,
    "\n  fragment AppQualityFields on AppQuality {\n    platformId\n    excludedByCampaigns\n    pause {\n      since\n      score\n      floor\n      liftedAt\n      liftNote\n    }\n    quality {\n      ...QualityFields\n    }\n  }\n": typeof types.AppQualityFieldsFragmentDoc,
    "\n  query AppQuality($platformId: ID!) {\n    appQuality(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n": typeof types.AppQualityDocument,
    "\n  subscription AppQualityChanged($platformId: ID) {\n    platformQualityChanged(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n": typeof types.AppQualityChangedDocument,
    "\n  query ExcludedPlatforms($campaignId: ID) {\n    excludedPlatforms(campaignId: $campaignId) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n": typeof types.ExcludedPlatformsDocument,
    "\n  mutation SetPlatformExcluded($platformId: ID!, $campaignId: ID, $excluded: Boolean!) {\n    setPlatformExcluded(platformId: $platformId, campaignId: $campaignId, excluded: $excluded) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n": typeof types.SetPlatformExcludedDocument,
    "\n  query Staff {\n    staffMembers {\n      id\n      name\n      email\n      isModerator\n      isFinance\n      isAdmin\n    }\n    staffRoleChanges {\n      id\n      email\n      role\n      granted\n      by\n      createdAt\n    }\n  }\n": typeof types.StaffDocument,
    "\n  mutation SetStaffRole($email: String!, $role: StaffRole!, $granted: Boolean!) {\n    setStaffRole(email: $email, role: $role, granted: $granted) {\n      id\n      isModerator\n      isFinance\n      isAdmin\n    }\n  }\n": typeof types.SetStaffRoleDocument,
    "\n  query PublisherStatistics(\n    $page: Int!\n    $size: Int!\n    $sortField: StatisticsSortField\n    $sortOrder: SortOrder\n    $taskType: TaskType\n    $platformId: ID\n  ) {\n    publisherStatistics(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      taskType: $taskType\n      platformId: $platformId\n    ) {\n      totalCount\n      data {\n        createdAt\n        conversions\n        profit\n      }\n    }\n    publisherStatisticsToday(taskType: $taskType, platformId: $platformId) {\n      createdAt\n      conversions\n      profit\n    }\n  }\n": typeof types.PublisherStatisticsDocument,
    "\n  query StatisticsApps {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        quality {\n          platformId\n          score\n          conversions\n        }\n      }\n    }\n  }\n": typeof types.StatisticsAppsDocument,
    "\n  subscription StatisticsLive {\n    platformStatsChanged {\n      platformId\n      platformCompleted\n    }\n  }\n": typeof types.StatisticsLiveDocument,
    "\n  subscription Presence($objectType: PresenceObject!, $objectId: ID!, $editing: Boolean) {\n    presence(objectType: $objectType, objectId: $objectId, editing: $editing) {\n      userId\n      name\n      editing\n    }\n  }\n": typeof types.PresenceDocument,
    "\n  query Accounts {\n    accounts {\n      id\n      name\n      kind\n      accessLevel\n      own\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n      todaySpend\n      todayRevenue\n      todayConversions\n      openCampaigns\n    }\n  }\n": typeof types.AccountsDocument,
    "\n  query Team($accountId: ID!) {\n    members(accountId: $accountId) {\n      userId\n      name\n      email\n      accessLevel\n      owner\n      since\n    }\n    invitations(accountId: $accountId) {\n      id\n      email\n      accessLevel\n      invitedBy\n      createdAt\n      expiresAt\n      status\n    }\n  }\n": typeof types.TeamDocument,
    "\n  mutation InviteMember($accountId: ID!, $email: String!, $accessLevel: AccessLevel!) {\n    inviteMember(accountId: $accountId, email: $email, accessLevel: $accessLevel) {\n      id\n      email\n      accessLevel\n      status\n      link\n    }\n  }\n": typeof types.InviteMemberDocument,
    "\n  mutation RevokeInvitation($accountId: ID!, $id: ID!) {\n    revokeInvitation(accountId: $accountId, id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.RevokeInvitationDocument,
    "\n  mutation SetMemberLevel($accountId: ID!, $userId: ID!, $accessLevel: AccessLevel!) {\n    setMemberLevel(accountId: $accountId, userId: $userId, accessLevel: $accessLevel) {\n      userId\n      accessLevel\n    }\n  }\n": typeof types.SetMemberLevelDocument,
    "\n  mutation RemoveMember($accountId: ID!, $userId: ID!) {\n    removeMember(accountId: $accountId, userId: $userId)\n  }\n": typeof types.RemoveMemberDocument,
    "\n  query Invitation($token: String!) {\n    invitation(token: $token) {\n      accountName\n      invitedBy\n      email\n      accessLevel\n      expiresAt\n      status\n    }\n  }\n": typeof types.InvitationDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n": typeof types.AcceptInvitationDocument,
    "\n  query Activity(\n    $accountId: ID!\n    $page: Int\n    $limit: Int\n    $userId: ID\n    $objectType: ActivityObjectType\n    $objectId: ID\n  ) {\n    activity(\n      accountId: $accountId\n      page: $page\n      limit: $limit\n      userId: $userId\n      objectType: $objectType\n      objectId: $objectId\n    ) {\n      total\n      data {\n        id\n        at\n        userId\n        userName\n        ip\n        action\n        objectType\n        objectId\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n": typeof types.ActivityDocument,
    "\n  subscription AccountsChanged {\n    accountsChanged\n  }\n": typeof types.AccountsChangedDocument,
    "\n  subscription ActivityAdded($accountId: ID!) {\n    activityAdded(accountId: $accountId)\n  }\n": typeof types.ActivityAddedDocument,
    "\n  query MySessions {\n    mySessions {\n      id\n      method\n      createdAt\n      lastSeenAt\n      ip\n      lastIp\n      userAgent\n      current\n    }\n  }\n": typeof types.MySessionsDocument,
    "\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n": typeof types.EndSessionDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation UpdateLanguage($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      language\n    }\n  }\n": typeof types.UpdateLanguageDocument,
    "\n  mutation UpdateDefaultRole($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      defaultRole\n    }\n  }\n": typeof types.UpdateDefaultRoleDocument,
};
const documents: Documents = {
    "\n  query AuditEvents(\n    $page: Int!\n    $size: Int\n    $sortField: AuditSortField\n    $sortOrder: SortOrder\n    $filters: AuditFilters\n    $search: String\n  ) {\n    auditEvents(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        seq\n        at\n        actorId\n        actor\n        action\n        objectType\n        objectId\n        before\n        after\n        ip\n        hash\n      }\n    }\n  }\n": types.AuditEventsDocument,
    "\n  query AuditActors {\n    auditActors {\n      id\n      email\n    }\n  }\n": types.AuditActorsDocument,
    "\n  query CampaignReportFilters($limit: Int!) {\n    projects(page: 1, limit: $limit) {\n      data {\n        id\n        title\n      }\n    }\n    campaigns(page: 1, limit: $limit) {\n      total\n      data {\n        id\n        name\n        projectId\n      }\n    }\n  }\n": types.CampaignReportFiltersDocument,
    "\n  query CampaignReport($from: String!, $to: String!, $projectId: ID, $campaignId: ID) {\n    campaignReport(from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      day\n      conversions\n      spend\n    }\n  }\n": types.CampaignReportDocument,
    "\n  query CampaignReportBreakdown(\n    $groupBy: CampaignReportGroup!\n    $from: String!\n    $to: String!\n    $projectId: ID\n    $campaignId: ID\n  ) {\n    campaignReportBreakdown(groupBy: $groupBy, from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      key\n      label\n      conversions\n      spend\n      quality {\n        score\n        conversions\n      }\n    }\n  }\n": types.CampaignReportBreakdownDocument,
    "\n  subscription CampaignReportLive {\n    campaignStatsChanged {\n      id\n      projectId\n    }\n  }\n": types.CampaignReportLiveDocument,
    "\n  fragment CampaignRow_campaign on Campaign {\n    id\n    projectId\n    taskId\n    name\n    status\n    rejectReason\n    isActive\n    dailyCap\n    isPremiumOnly\n    newUsersOnly\n    minQuality\n    unscoredAllowed\n    prices {\n      tierLevel\n      value\n    }\n    task {\n      id\n      type\n      title\n      logo\n      url\n    }\n    budget\n    spend\n    conversions\n    todayConversions\n    todaySpend\n    notNew\n  }\n": types.CampaignRow_CampaignFragmentDoc,
    "\n  query MyCampaigns(\n    $page: Int!\n    $size: Int\n    $sortField: CampaignSortField\n    $sortOrder: SortOrder\n    $filters: CampaignFilters\n    $search: String\n  ) {\n    campaigns(page: $page, size: $size, sortField: $sortField, sortOrder: $sortOrder, filters: $filters, search: $search) {\n      totalCount\n      data {\n        id\n        ...CampaignRow_campaign\n      }\n    }\n  }\n": types.MyCampaignsDocument,
    "\n  query CampaignSettings {\n    settings {\n      onlyPremiumUserCommission\n      languages {\n        code\n        title\n      }\n      tierList {\n        level\n        value\n        prices {\n          countryId\n        }\n      }\n    }\n  }\n": types.CampaignSettingsDocument,
    "\n  query CampaignCountries {\n    countries {\n      id\n      title\n    }\n  }\n": types.CampaignCountriesDocument,
    "\n  query CampaignAdvertiserBalance {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n": types.CampaignAdvertiserBalanceDocument,
    "\n  query CampaignProjectResources($id: ID!) {\n    project(id: $id) {\n      id\n      tasks {\n        id\n        type\n        title\n        logo\n      }\n    }\n  }\n": types.CampaignProjectResourcesDocument,
    "\n  mutation CreateCampaign($projectId: ID!, $taskId: ID!, $input: CreateCampaignInput!) {\n    createCampaign(projectId: $projectId, taskId: $taskId, input: $input) {\n      id\n      ...CampaignRow_campaign\n    }\n  }\n": types.CreateCampaignDocument,
    "\n  query CampaignEdit($id: ID!) {\n    campaign(id: $id) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n": types.CampaignEditDocument,
    "\n  mutation UpdateCampaign($id: ID!, $input: UpdateCampaignInput!, $expectedVersion: Int) {\n    updateCampaign(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n": types.UpdateCampaignDocument,
    "\n  mutation SetCampaignActive($id: ID!, $isActive: Boolean!) {\n    updateCampaign(id: $id, input: { isActive: $isActive }) {\n      id\n      isActive\n      status\n    }\n  }\n": types.SetCampaignActiveDocument,
    "\n  mutation FundCampaign($id: ID!, $value: Money!, $idempotencyKey: String) {\n    fundCampaign(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n": types.FundCampaignDocument,
    "\n  mutation ReturnCampaignBudget($id: ID!, $value: Money!, $idempotencyKey: String) {\n    returnCampaignBudget(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n": types.ReturnCampaignBudgetDocument,
    "\n  subscription CampaignStatsChanged($projectId: ID) {\n    campaignStatsChanged(projectId: $projectId) {\n      id\n      projectId\n      status\n      rejectReason\n      isActive\n      budget\n      conversions\n      spend\n      todayConversions\n      todaySpend\n      notNew\n    }\n  }\n": types.CampaignStatsChangedDocument,
    "\n  query ExchangeMe {\n    me {\n      id\n      isExchangeReady\n    }\n  }\n": types.ExchangeMeDocument,
    "\n  mutation JoinExchange($ready: Boolean!) {\n    updateMe(input: { isExchangeReady: $ready }) {\n      id\n      isExchangeReady\n    }\n  }\n": types.JoinExchangeDocument,
    "\n  query ExchangeCatalog($search: String, $page: Int!, $limit: Int!) {\n    exchangeCatalog(search: $search, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        ownerName\n        taskTypes\n        recentCompletions\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.ExchangeCatalogDocument,
    "\n  query OfferChoices($partnerPlatformId: ID!) {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        isActive\n      }\n    }\n    mine: exchangeProjects {\n      id\n      title\n      resources\n    }\n    theirs: exchangeProjects(platformId: $partnerPlatformId) {\n      id\n      title\n      resources\n      taskTypes\n    }\n  }\n": types.OfferChoicesDocument,
    "\n  mutation CreateOffer($input: CreateOfferInput!) {\n    createOffer(input: $input) {\n      id\n      status\n    }\n  }\n": types.CreateOfferDocument,
    "\n  fragment OfferCard_offer on Offer {\n    id\n    createdAt\n    status\n    quantity\n    partnerQuantity\n    expiresAt\n    message\n    dealId\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n": types.OfferCard_OfferFragmentDoc,
    "\n  query ExchangeOffers($direction: OfferDirection!, $page: Int!, $limit: Int!) {\n    exchangeOffers(direction: $direction, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...OfferCard_offer\n      }\n    }\n  }\n": types.ExchangeOffersDocument,
    "\n  query ExchangeOffer($id: ID!) {\n    exchangeOffer(id: $id) {\n      id\n      proposer {\n        id\n      }\n      ...OfferCard_offer\n    }\n  }\n": types.ExchangeOfferDocument,
    "\n  mutation ConfirmOffer($id: ID!) {\n    confirmOffer(id: $id) {\n      id\n      status\n      dealId\n    }\n  }\n": types.ConfirmOfferDocument,
    "\n  mutation RejectOffer($id: ID!) {\n    rejectOffer(id: $id) {\n      id\n      status\n    }\n  }\n": types.RejectOfferDocument,
    "\n  mutation WithdrawOffer($id: ID!) {\n    withdrawOffer(id: $id) {\n      id\n      status\n    }\n  }\n": types.WithdrawOfferDocument,
    "\n  query AwaitingOffers {\n    awaitingOffers {\n      incoming\n      outgoing\n    }\n  }\n": types.AwaitingOffersDocument,
    "\n  subscription AwaitingOffersChanged {\n    awaitingOffersChanged {\n      incoming\n      outgoing\n    }\n  }\n": types.AwaitingOffersChangedDocument,
    "\n  fragment DealCard_deal on Deal {\n    id\n    createdAt\n    status\n    quantity\n    delivered\n    partnerQuantity\n    partnerDelivered\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n": types.DealCard_DealFragmentDoc,
    "\n  query ExchangeDeals($page: Int!, $limit: Int!) {\n    exchangeDeals(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...DealCard_deal\n      }\n    }\n  }\n": types.ExchangeDealsDocument,
    "\n  subscription DealUpdated {\n    dealUpdated {\n      id\n      ...DealCard_deal\n    }\n  }\n": types.DealUpdatedDocument,
    "\n  mutation ChangeDeal($id: ID!, $action: DealAction!) {\n    changeDeal(id: $id, action: $action) {\n      id\n      ...DealCard_deal\n    }\n  }\n": types.ChangeDealDocument,
    "\n  query WithdrawalQueue(\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    withdrawalQueue(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        userId\n        user {\n          name\n          email\n        }\n        createdAt\n        updatedAt\n        status\n        amount\n        walletAddress\n        txHash\n        failureReason\n        chainFailure {\n          kind\n          exitCode\n        }\n        payoutStage\n        batchId\n        explorerUrl\n        approvalsNeeded\n        approvals {\n          userId\n          name\n          at\n        }\n        viewerDecision {\n          own\n          mayApprove\n          gaveApproval\n          mayReject\n        }\n        holdUntil\n        requestedFrom\n        approvedByRule\n        rejectedBy {\n          userId\n          name\n          at\n        }\n      }\n    }\n  }\n": types.WithdrawalQueueDocument,
    "\n  subscription WithdrawalQueueChanged {\n    withdrawalQueueChanged {\n      ...FinishedWithdrawal\n      updatedAt\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n": types.WithdrawalQueueChangedDocument,
    "\n  mutation ApproveWithdrawal($id: ID!) {\n    approveWithdrawal(id: $id) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n": types.ApproveWithdrawalDocument,
    "\n  mutation ApproveWithdrawals($ids: [ID!]!) {\n    approveWithdrawals(ids: $ids) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n": types.ApproveWithdrawalsDocument,
    "\n  mutation FailWithdrawal($id: ID!, $reason: String!) {\n    failWithdrawal(id: $id, reason: $reason) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      updatedAt\n    }\n  }\n": types.FailWithdrawalDocument,
    "\n  fragment FinishedWithdrawal on Transaction {\n    id\n    status\n    payoutStage\n    batchId\n    txHash\n    explorerUrl\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n  }\n": types.FinishedWithdrawalFragmentDoc,
    "\n  query PayoutWallet {\n    payoutWallet {\n      network\n      chain\n      address\n      ton\n      usdt\n      neededTon\n      neededUsdt\n      alert\n      limit\n      limitHit {\n        kind\n        sent\n        max\n        waiting\n        waitingAmount\n      }\n      limitsSet\n      limitsLifted\n      explorer\n      unmatched {\n        withdrawalId\n        txHash\n        amount\n        destination\n        reason\n        seenAt\n        booked {\n          status\n          amount\n          address\n        }\n      }\n    }\n  }\n": types.PayoutWalletDocument,
    "\n  mutation LiftPayoutLimits {\n    liftPayoutLimits {\n      limit\n      limitHit {\n        kind\n      }\n      limitsLifted\n    }\n  }\n": types.LiftPayoutLimitsDocument,
    "\n  subscription PayoutWalletChanged {\n    payoutWalletChanged {\n      address\n    }\n  }\n": types.PayoutWalletChangedDocument,
    "\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n": types.BalanceChip_UserFragmentDoc,
    "\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n    isFinance\n    isAdmin\n    advertiserBalance\n  }\n": types.MobileDrawer_UserFragmentDoc,
    "\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n": types.UserMenu_UserFragmentDoc,
    "\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      isFinance\n      isAdmin\n      isExchangeReady\n      language\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n": types.LayoutMeDocument,
    "\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n": types.BalanceChangedDocument,
    "\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n": types.RegistrationRequestCard_RequestFragmentDoc,
    "\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n": types.RegistrationQueueDocument,
    "\n  mutation ApproveRegistrationRequest($id: ID!) {\n    approveRegistrationRequest(id: $id) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": types.ApproveRegistrationRequestDocument,
    "\n  mutation DeclineRegistrationRequest($id: ID!, $reason: String) {\n    declineRegistrationRequest(id: $id, reason: $reason) {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": types.DeclineRegistrationRequestDocument,
    "\n  fragment PlayerReportRow_report on PlayerReport {\n    id\n    createdAt\n    updatedAt\n    status\n    reason\n    text\n    playerId\n    playerName\n    rule\n    evidence\n    app {\n      id\n      title\n    }\n    campaign {\n      id\n      name\n      taskTitle\n      taskType\n      ownerName\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n": types.PlayerReportRow_ReportFragmentDoc,
    "\n  query PlayerReports(\n    $page: Int!\n    $size: Int!\n    $sortField: PlayerReportSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: PlayerReportFilters\n  ) {\n    playerReports(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...PlayerReportRow_report\n      }\n    }\n  }\n": types.PlayerReportsDocument,
    "\n  query PlayerReportDetail($id: ID!) {\n    playerReport(id: $id) {\n      report {\n        id\n        ...PlayerReportRow_report\n      }\n      blocked\n      conversions {\n        id\n        createdAt\n        status\n        price\n        campaignId\n        campaignName\n        appTitle\n        taskType\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n": types.PlayerReportDetailDocument,
    "\n  fragment ModerationHistory_entry on ModerationHistoryEntry {\n    id\n    at\n    action\n    from\n    to\n    note\n    effects\n    actor {\n      id\n      name\n    }\n  }\n": types.ModerationHistory_EntryFragmentDoc,
    "\n  subscription PlayerReportChanged {\n    playerReportChanged {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": types.PlayerReportChangedDocument,
    "\n  mutation ClaimPlayerReport($id: ID!) {\n    claimPlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": types.ClaimPlayerReportDocument,
    "\n  mutation ReleasePlayerReport($id: ID!) {\n    releasePlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": types.ReleasePlayerReportDocument,
    "\n  mutation DecidePlayerReport(\n    $id: ID!\n    $status: PlayerReportDecision!\n    $note: String\n    $voidConversion: Boolean\n    $blockPlayer: Boolean\n    $pauseCampaign: Boolean\n    $askAdvertiser: Boolean\n  ) {\n    decidePlayerReport(\n      id: $id\n      status: $status\n      note: $note\n      voidConversion: $voidConversion\n      blockPlayer: $blockPlayer\n      pauseCampaign: $pauseCampaign\n      askAdvertiser: $askAdvertiser\n    ) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n": types.DecidePlayerReportDocument,
    "\n  fragment CampaignReviewRow_campaign on CampaignReview {\n    id\n    createdAt\n    name\n    status\n    rejectReason\n    approvedAt\n    budget\n    advertiser {\n      id\n      name\n      email\n    }\n    project {\n      id\n      title\n    }\n    task {\n      type\n      title\n      url\n      logo\n    }\n    prices {\n      tierLevel\n      value\n    }\n    targeting {\n      countries\n      languages\n      dailyCap\n      premiumOnly\n      newUsersOnly\n      minQuality\n      unscoredAllowed\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n": types.CampaignReviewRow_CampaignFragmentDoc,
    "\n  query CampaignReviews(\n    $page: Int!\n    $size: Int!\n    $sortField: CampaignReviewSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: CampaignReviewFilters\n  ) {\n    campaignReviews(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...CampaignReviewRow_campaign\n      }\n    }\n  }\n": types.CampaignReviewsDocument,
    "\n  query CampaignReviewDetail($id: ID!) {\n    campaignReview(id: $id) {\n      campaign {\n        id\n        ...CampaignReviewRow_campaign\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n": types.CampaignReviewDetailDocument,
    "\n  subscription CampaignReviewChanged {\n    campaignReviewChanged {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": types.CampaignReviewChangedDocument,
    "\n  mutation ClaimCampaignReview($id: ID!) {\n    claimCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": types.ClaimCampaignReviewDocument,
    "\n  mutation ReleaseCampaignReview($id: ID!) {\n    releaseCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": types.ReleaseCampaignReviewDocument,
    "\n  mutation ApproveCampaign($id: ID!) {\n    approveCampaign(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": types.ApproveCampaignDocument,
    "\n  mutation RejectCampaign($id: ID!, $reason: String!) {\n    rejectCampaign(id: $id, reason: $reason) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n": types.RejectCampaignDocument,
    "\n  query ModerationCounts {\n    moderationCounts {\n      newReports\n      myReports\n      campaignsToReview\n      registrations\n    }\n  }\n": types.ModerationCountsDocument,
    "\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n": types.RegistrationRequestChangedDocument,
    "\n  query ModerationMe {\n    me {\n      id\n    }\n  }\n": types.ModerationMeDocument,
    "\n  query NotificationSettings {\n    notificationSettings {\n      telegramConfigured\n      telegram {\n        id\n        username\n      }\n      preferences {\n        type\n        group\n        label\n        telegram\n        email\n        alwaysOn\n      }\n    }\n  }\n": types.NotificationSettingsDocument,
    "\n  subscription TelegramLinkChanged {\n    telegramLinkChanged {\n      telegram {\n        id\n        username\n      }\n    }\n  }\n": types.TelegramLinkChangedDocument,
    "\n  mutation StartTelegramLink {\n    startTelegramLink {\n      url\n      expiresAt\n    }\n  }\n": types.StartTelegramLinkDocument,
    "\n  mutation UnlinkTelegram {\n    unlinkTelegram {\n      telegram {\n        id\n      }\n    }\n  }\n": types.UnlinkTelegramDocument,
    "\n  mutation UpdateNotificationSettings($changes: [NotificationPreferenceInput!]!) {\n    updateNotificationSettings(changes: $changes) {\n      type\n      group\n      label\n      telegram\n      email\n      alwaysOn\n    }\n  }\n": types.UpdateNotificationSettingsDocument,
    "\n  query AddFundsMe {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n": types.AddFundsMeDocument,
    "\n  mutation CreateTopUp($amount: Money!) {\n    createTopUp(amount: $amount) {\n      url\n      transaction {\n        id\n        ...TransactionRow_transaction\n      }\n    }\n  }\n": types.CreateTopUpDocument,
    "\n  query PayoutAddresses {\n    payoutAddresses {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n": types.PayoutAddressesDocument,
    "\n  mutation AddPayoutAddress($address: String!, $label: String!) {\n    addPayoutAddress(address: $address, label: $label) {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n": types.AddPayoutAddressDocument,
    "\n  mutation RemovePayoutAddress($id: ID!) {\n    removePayoutAddress(id: $id)\n  }\n": types.RemovePayoutAddressDocument,
    "\n  fragment TransactionRow_transaction on Transaction {\n    id\n    createdAt\n    updatedAt\n    kind\n    status\n    amount\n    walletAddress\n    txHash\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n    payoutStage\n    approvalsNeeded\n    approvalsGiven\n    batchId\n    explorerUrl\n    holdUntil\n    payUrl\n  }\n": types.TransactionRow_TransactionFragmentDoc,
    "\n  mutation CancelTopUp($id: ID!) {\n    cancelTopUp(id: $id) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      payUrl\n      updatedAt\n    }\n  }\n": types.CancelTopUpDocument,
    "\n  query Transactions(\n    $kind: TransactionKind!\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    transactions(\n      kind: $kind\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        status\n        ...TransactionRow_transaction\n      }\n    }\n  }\n": types.TransactionsDocument,
    "\n  subscription TransactionUpdated {\n    transactionUpdated {\n      id\n      kind\n      ...TransactionRow_transaction\n    }\n  }\n": types.TransactionUpdatedDocument,
    "\n  query WithdrawMe {\n    me {\n      id\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n": types.WithdrawMeDocument,
    "\n  mutation RequestWithdrawal($amount: Money!, $walletAddress: String!) {\n    requestWithdrawal(amount: $amount, walletAddress: $walletAddress) {\n      id\n      ...TransactionRow_transaction\n    }\n  }\n": types.RequestWithdrawalDocument,
    "\n  query PlatformCallbacks($platformId: ID!) {\n    platformCallbacks(platformId: $platformId) {\n      id\n      conversionId\n      url\n      status\n      attempts\n      nextAttemptAt\n      lastStatusCode\n      lastError\n      createdAt\n      deliveredAt\n      attemptLog {\n        attempt\n        at\n        statusCode\n        error\n        durationMs\n      }\n    }\n  }\n": types.PlatformCallbacksDocument,
    "\n  subscription RewardCallbackUpdated($platformId: ID!) {\n    rewardCallbackUpdated(platformId: $platformId) {\n      id\n    }\n  }\n": types.RewardCallbackUpdatedDocument,
    "\n  query MyPlatforms($page: Int! = 1, $limit: Int! = 11) {\n    platforms(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        status\n        isActive\n        completed\n        revenue\n      }\n    }\n  }\n": types.MyPlatformsDocument,
    "\n  query PlatformDetails($id: ID!) {\n    platform(id: $id) {\n      id\n      version\n      title\n      logo\n      categoryId\n      webappUrl\n      tgBotUrl\n      tgBotId\n      hasBotToken\n      rewardCallbackUrl\n      isDarkTheme\n      isActive\n      rewards {\n        id\n        title\n        logo\n      }\n      services {\n        id\n        taskType\n        shouldConfirmWithoutPayout\n        isExcluded\n        defaultPrice\n        reward\n        rewardIcon\n        awards {\n          id\n          platformRewardId\n          platformRewardTitle\n          value\n        }\n        tiers {\n          level\n          value\n          publisherValue\n          prices {\n            value\n            countryId\n            country {\n              id\n              title\n            }\n          }\n        }\n      }\n    }\n  }\n": types.PlatformDetailsDocument,
    "\n  query PlatformKey($id: ID!) {\n    platform(id: $id) {\n      id\n      secretKey\n    }\n  }\n": types.PlatformKeyDocument,
    "\n  query PlatformTierList {\n    settings {\n      networkFeePercent\n      tierList {\n        level\n        value\n        publisherValue\n        prices {\n          value\n          countryId\n          country {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n": types.PlatformTierListDocument,
    "\n  query PlatformCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n": types.PlatformCategoriesDocument,
    "\n  mutation CreatePlatform($input: PlatformInput!) {\n    createPlatform(input: $input) {\n      id\n      title\n    }\n  }\n": types.CreatePlatformDocument,
    "\n  mutation UpdatePlatform($id: ID!, $input: PlatformInput!, $expectedVersion: Int) {\n    updatePlatform(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      logo\n      isActive\n    }\n  }\n": types.UpdatePlatformDocument,
    "\n  mutation RegeneratePlatformKey($id: ID!) {\n    regeneratePlatformKey(id: $id)\n  }\n": types.RegeneratePlatformKeyDocument,
    "\n  query PlatformCampaigns($platformId: ID!) {\n    platformCampaigns(platformId: $platformId) {\n      campaignId\n      task {\n        type\n        title\n      }\n      completedQuantity\n      profitBudget\n      isActive\n    }\n  }\n": types.PlatformCampaignsDocument,
    "\n  query PlatformTotals($id: ID!) {\n    platform(id: $id) {\n      id\n      title\n      completed\n      revenue\n    }\n  }\n": types.PlatformTotalsDocument,
    "\n  fragment PlatformLiveTotals on Platform {\n    id\n    completed\n    revenue\n  }\n": types.PlatformLiveTotalsFragmentDoc,
    "\n  subscription PlatformStatsLive($platformId: ID) {\n    platformStatsChanged(platformId: $platformId) {\n      platformId\n      campaignId\n      completedQuantity\n      profitBudget\n      platformCompleted\n      platformRevenue\n    }\n  }\n": types.PlatformStatsLiveDocument,
    "\n  query MyProjects($page: Int! = 1, $limit: Int! = 100) {\n    projects(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        tasksCount\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.MyProjectsDocument,
    "\n  query ProjectCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n": types.ProjectCategoriesDocument,
    "\n  fragment ProjectTask_task on Task {\n    id\n    projectId\n    type\n    taskType\n    title\n    url\n    logo\n    isMiniApp\n    inviteLink\n    verificationCode\n    verificationLink\n    isVerifiedSource\n  }\n": types.ProjectTask_TaskFragmentDoc,
    "\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      version\n      title\n      categoryId\n      tasksCount\n      category {\n        id\n        title\n      }\n      tasks {\n        ...ProjectTask_task\n      }\n    }\n  }\n": types.ProjectDetailDocument,
    "\n  query ProjectKey($id: ID!) {\n    project(id: $id) {\n      id\n      title\n      secretKey\n    }\n  }\n": types.ProjectKeyDocument,
    "\n  query ProjectTasks($projectId: ID!, $page: Int!, $limit: Int!) {\n    projectTasks(projectId: $projectId, page: $page, limit: $limit) {\n      total\n      data {\n        ...ProjectTask_task\n        campaigns {\n          id\n          name\n          status\n          isActive\n        }\n      }\n    }\n  }\n": types.ProjectTasksDocument,
    "\n  query SystemBot {\n    settings {\n      telegramSystemBot\n    }\n  }\n": types.SystemBotDocument,
    "\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      id\n      title\n      secretKey\n    }\n  }\n": types.CreateProjectDocument,
    "\n  mutation UpdateProject($id: ID!, $input: ProjectInput!, $expectedVersion: Int) {\n    updateProject(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      tasksCount\n      logo\n      category {\n        id\n        title\n      }\n    }\n  }\n": types.UpdateProjectDocument,
    "\n  mutation RegenerateProjectKey($id: ID!) {\n    regenerateProjectKey(id: $id)\n  }\n": types.RegenerateProjectKeyDocument,
    "\n  mutation CreateTask($projectId: ID!, $input: TaskInput!) {\n    createTask(projectId: $projectId, input: $input) {\n      ...ProjectTask_task\n    }\n  }\n": types.CreateTaskDocument,
    "\n  mutation VerifyTask($projectId: ID!, $taskId: ID!) {\n    verifyTask(projectId: $projectId, taskId: $taskId) {\n      id\n      isVerifiedSource\n    }\n  }\n": types.VerifyTaskDocument,
    "\n  mutation SuggestResource($url: String!) {\n    suggestResource(url: $url) {\n      title\n      logo\n      taskType\n      url\n    }\n  }\n": types.SuggestResourceDocument,
    "\n  subscription TaskUpdated($projectId: ID!) {\n    taskUpdated(projectId: $projectId) {\n      action\n      projectId\n      taskId\n      task {\n        ...ProjectTask_task\n      }\n    }\n  }\n": types.TaskUpdatedDocument,
    "\n  fragment QualityFields on PlatformQuality {\n    platformId\n    score\n    conversions\n    minSample\n    retention\n    retentionSample\n    retention30d\n    retention30dSample\n    voidRate\n    reportsPer1000\n    fraudHitsPer1000\n    fastShare\n    penalties {\n      component\n      points\n    }\n  }\n": types.QualityFieldsFragmentDoc,
    "\n  fragment AppQualityFields on AppQuality {\n    platformId\n    excludedByCampaigns\n    pause {\n      since\n      score\n      floor\n      liftedAt\n      liftNote\n    }\n    quality {\n      ...QualityFields\n    }\n  }\n": types.AppQualityFieldsFragmentDoc,
    "\n  query AppQuality($platformId: ID!) {\n    appQuality(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n": types.AppQualityDocument,
    "\n  subscription AppQualityChanged($platformId: ID) {\n    platformQualityChanged(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n": types.AppQualityChangedDocument,
    "\n  query ExcludedPlatforms($campaignId: ID) {\n    excludedPlatforms(campaignId: $campaignId) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n": types.ExcludedPlatformsDocument,
    "\n  mutation SetPlatformExcluded($platformId: ID!, $campaignId: ID, $excluded: Boolean!) {\n    setPlatformExcluded(platformId: $platformId, campaignId: $campaignId, excluded: $excluded) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n": types.SetPlatformExcludedDocument,
    "\n  query Staff {\n    staffMembers {\n      id\n      name\n      email\n      isModerator\n      isFinance\n      isAdmin\n    }\n    staffRoleChanges {\n      id\n      email\n      role\n      granted\n      by\n      createdAt\n    }\n  }\n": types.StaffDocument,
    "\n  mutation SetStaffRole($email: String!, $role: StaffRole!, $granted: Boolean!) {\n    setStaffRole(email: $email, role: $role, granted: $granted) {\n      id\n      isModerator\n      isFinance\n      isAdmin\n    }\n  }\n": types.SetStaffRoleDocument,
    "\n  query PublisherStatistics(\n    $page: Int!\n    $size: Int!\n    $sortField: StatisticsSortField\n    $sortOrder: SortOrder\n    $taskType: TaskType\n    $platformId: ID\n  ) {\n    publisherStatistics(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      taskType: $taskType\n      platformId: $platformId\n    ) {\n      totalCount\n      data {\n        createdAt\n        conversions\n        profit\n      }\n    }\n    publisherStatisticsToday(taskType: $taskType, platformId: $platformId) {\n      createdAt\n      conversions\n      profit\n    }\n  }\n": types.PublisherStatisticsDocument,
    "\n  query StatisticsApps {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        quality {\n          platformId\n          score\n          conversions\n        }\n      }\n    }\n  }\n": types.StatisticsAppsDocument,
    "\n  subscription StatisticsLive {\n    platformStatsChanged {\n      platformId\n      platformCompleted\n    }\n  }\n": types.StatisticsLiveDocument,
    "\n  subscription Presence($objectType: PresenceObject!, $objectId: ID!, $editing: Boolean) {\n    presence(objectType: $objectType, objectId: $objectId, editing: $editing) {\n      userId\n      name\n      editing\n    }\n  }\n": types.PresenceDocument,
    "\n  query Accounts {\n    accounts {\n      id\n      name\n      kind\n      accessLevel\n      own\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n      todaySpend\n      todayRevenue\n      todayConversions\n      openCampaigns\n    }\n  }\n": types.AccountsDocument,
    "\n  query Team($accountId: ID!) {\n    members(accountId: $accountId) {\n      userId\n      name\n      email\n      accessLevel\n      owner\n      since\n    }\n    invitations(accountId: $accountId) {\n      id\n      email\n      accessLevel\n      invitedBy\n      createdAt\n      expiresAt\n      status\n    }\n  }\n": types.TeamDocument,
    "\n  mutation InviteMember($accountId: ID!, $email: String!, $accessLevel: AccessLevel!) {\n    inviteMember(accountId: $accountId, email: $email, accessLevel: $accessLevel) {\n      id\n      email\n      accessLevel\n      status\n      link\n    }\n  }\n": types.InviteMemberDocument,
    "\n  mutation RevokeInvitation($accountId: ID!, $id: ID!) {\n    revokeInvitation(accountId: $accountId, id: $id) {\n      id\n      status\n    }\n  }\n": types.RevokeInvitationDocument,
    "\n  mutation SetMemberLevel($accountId: ID!, $userId: ID!, $accessLevel: AccessLevel!) {\n    setMemberLevel(accountId: $accountId, userId: $userId, accessLevel: $accessLevel) {\n      userId\n      accessLevel\n    }\n  }\n": types.SetMemberLevelDocument,
    "\n  mutation RemoveMember($accountId: ID!, $userId: ID!) {\n    removeMember(accountId: $accountId, userId: $userId)\n  }\n": types.RemoveMemberDocument,
    "\n  query Invitation($token: String!) {\n    invitation(token: $token) {\n      accountName\n      invitedBy\n      email\n      accessLevel\n      expiresAt\n      status\n    }\n  }\n": types.InvitationDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n": types.AcceptInvitationDocument,
    "\n  query Activity(\n    $accountId: ID!\n    $page: Int\n    $limit: Int\n    $userId: ID\n    $objectType: ActivityObjectType\n    $objectId: ID\n  ) {\n    activity(\n      accountId: $accountId\n      page: $page\n      limit: $limit\n      userId: $userId\n      objectType: $objectType\n      objectId: $objectId\n    ) {\n      total\n      data {\n        id\n        at\n        userId\n        userName\n        ip\n        action\n        objectType\n        objectId\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n": types.ActivityDocument,
    "\n  subscription AccountsChanged {\n    accountsChanged\n  }\n": types.AccountsChangedDocument,
    "\n  subscription ActivityAdded($accountId: ID!) {\n    activityAdded(accountId: $accountId)\n  }\n": types.ActivityAddedDocument,
    "\n  query MySessions {\n    mySessions {\n      id\n      method\n      createdAt\n      lastSeenAt\n      ip\n      lastIp\n      userAgent\n      current\n    }\n  }\n": types.MySessionsDocument,
    "\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n": types.EndSessionDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": types.ChangePasswordDocument,
    "\n  mutation UpdateLanguage($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      language\n    }\n  }\n": types.UpdateLanguageDocument,
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
export function graphql(source: "\n  query AuditEvents(\n    $page: Int!\n    $size: Int\n    $sortField: AuditSortField\n    $sortOrder: SortOrder\n    $filters: AuditFilters\n    $search: String\n  ) {\n    auditEvents(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        seq\n        at\n        actorId\n        actor\n        action\n        objectType\n        objectId\n        before\n        after\n        ip\n        hash\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditEvents(\n    $page: Int!\n    $size: Int\n    $sortField: AuditSortField\n    $sortOrder: SortOrder\n    $filters: AuditFilters\n    $search: String\n  ) {\n    auditEvents(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        seq\n        at\n        actorId\n        actor\n        action\n        objectType\n        objectId\n        before\n        after\n        ip\n        hash\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditActors {\n    auditActors {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  query AuditActors {\n    auditActors {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignReportFilters($limit: Int!) {\n    projects(page: 1, limit: $limit) {\n      data {\n        id\n        title\n      }\n    }\n    campaigns(page: 1, limit: $limit) {\n      total\n      data {\n        id\n        name\n        projectId\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignReportFilters($limit: Int!) {\n    projects(page: 1, limit: $limit) {\n      data {\n        id\n        title\n      }\n    }\n    campaigns(page: 1, limit: $limit) {\n      total\n      data {\n        id\n        name\n        projectId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignReport($from: String!, $to: String!, $projectId: ID, $campaignId: ID) {\n    campaignReport(from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      day\n      conversions\n      spend\n    }\n  }\n"): (typeof documents)["\n  query CampaignReport($from: String!, $to: String!, $projectId: ID, $campaignId: ID) {\n    campaignReport(from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      day\n      conversions\n      spend\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignReportBreakdown(\n    $groupBy: CampaignReportGroup!\n    $from: String!\n    $to: String!\n    $projectId: ID\n    $campaignId: ID\n  ) {\n    campaignReportBreakdown(groupBy: $groupBy, from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      key\n      label\n      conversions\n      spend\n      quality {\n        score\n        conversions\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignReportBreakdown(\n    $groupBy: CampaignReportGroup!\n    $from: String!\n    $to: String!\n    $projectId: ID\n    $campaignId: ID\n  ) {\n    campaignReportBreakdown(groupBy: $groupBy, from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {\n      key\n      label\n      conversions\n      spend\n      quality {\n        score\n        conversions\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CampaignReportLive {\n    campaignStatsChanged {\n      id\n      projectId\n    }\n  }\n"): (typeof documents)["\n  subscription CampaignReportLive {\n    campaignStatsChanged {\n      id\n      projectId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CampaignRow_campaign on Campaign {\n    id\n    projectId\n    taskId\n    name\n    status\n    rejectReason\n    isActive\n    dailyCap\n    isPremiumOnly\n    newUsersOnly\n    minQuality\n    unscoredAllowed\n    prices {\n      tierLevel\n      value\n    }\n    task {\n      id\n      type\n      title\n      logo\n      url\n    }\n    budget\n    spend\n    conversions\n    todayConversions\n    todaySpend\n    notNew\n  }\n"): (typeof documents)["\n  fragment CampaignRow_campaign on Campaign {\n    id\n    projectId\n    taskId\n    name\n    status\n    rejectReason\n    isActive\n    dailyCap\n    isPremiumOnly\n    newUsersOnly\n    minQuality\n    unscoredAllowed\n    prices {\n      tierLevel\n      value\n    }\n    task {\n      id\n      type\n      title\n      logo\n      url\n    }\n    budget\n    spend\n    conversions\n    todayConversions\n    todaySpend\n    notNew\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyCampaigns(\n    $page: Int!\n    $size: Int\n    $sortField: CampaignSortField\n    $sortOrder: SortOrder\n    $filters: CampaignFilters\n    $search: String\n  ) {\n    campaigns(page: $page, size: $size, sortField: $sortField, sortOrder: $sortOrder, filters: $filters, search: $search) {\n      totalCount\n      data {\n        id\n        ...CampaignRow_campaign\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyCampaigns(\n    $page: Int!\n    $size: Int\n    $sortField: CampaignSortField\n    $sortOrder: SortOrder\n    $filters: CampaignFilters\n    $search: String\n  ) {\n    campaigns(page: $page, size: $size, sortField: $sortField, sortOrder: $sortOrder, filters: $filters, search: $search) {\n      totalCount\n      data {\n        id\n        ...CampaignRow_campaign\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignSettings {\n    settings {\n      onlyPremiumUserCommission\n      languages {\n        code\n        title\n      }\n      tierList {\n        level\n        value\n        prices {\n          countryId\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignSettings {\n    settings {\n      onlyPremiumUserCommission\n      languages {\n        code\n        title\n      }\n      tierList {\n        level\n        value\n        prices {\n          countryId\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignCountries {\n    countries {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  query CampaignCountries {\n    countries {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignAdvertiserBalance {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n"): (typeof documents)["\n  query CampaignAdvertiserBalance {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignProjectResources($id: ID!) {\n    project(id: $id) {\n      id\n      tasks {\n        id\n        type\n        title\n        logo\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignProjectResources($id: ID!) {\n    project(id: $id) {\n      id\n      tasks {\n        id\n        type\n        title\n        logo\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCampaign($projectId: ID!, $taskId: ID!, $input: CreateCampaignInput!) {\n    createCampaign(projectId: $projectId, taskId: $taskId, input: $input) {\n      id\n      ...CampaignRow_campaign\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCampaign($projectId: ID!, $taskId: ID!, $input: CreateCampaignInput!) {\n    createCampaign(projectId: $projectId, taskId: $taskId, input: $input) {\n      id\n      ...CampaignRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignEdit($id: ID!) {\n    campaign(id: $id) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n"): (typeof documents)["\n  query CampaignEdit($id: ID!) {\n    campaign(id: $id) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCampaign($id: ID!, $input: UpdateCampaignInput!, $expectedVersion: Int) {\n    updateCampaign(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCampaign($id: ID!, $input: UpdateCampaignInput!, $expectedVersion: Int) {\n    updateCampaign(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      countries\n      languages\n      ...CampaignRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCampaignActive($id: ID!, $isActive: Boolean!) {\n    updateCampaign(id: $id, input: { isActive: $isActive }) {\n      id\n      isActive\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation SetCampaignActive($id: ID!, $isActive: Boolean!) {\n    updateCampaign(id: $id, input: { isActive: $isActive }) {\n      id\n      isActive\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FundCampaign($id: ID!, $value: Money!, $idempotencyKey: String) {\n    fundCampaign(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation FundCampaign($id: ID!, $value: Money!, $idempotencyKey: String) {\n    fundCampaign(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReturnCampaignBudget($id: ID!, $value: Money!, $idempotencyKey: String) {\n    returnCampaignBudget(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation ReturnCampaignBudget($id: ID!, $value: Money!, $idempotencyKey: String) {\n    returnCampaignBudget(id: $id, value: $value, idempotencyKey: $idempotencyKey) {\n      id\n      budget\n      status\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CampaignStatsChanged($projectId: ID) {\n    campaignStatsChanged(projectId: $projectId) {\n      id\n      projectId\n      status\n      rejectReason\n      isActive\n      budget\n      conversions\n      spend\n      todayConversions\n      todaySpend\n      notNew\n    }\n  }\n"): (typeof documents)["\n  subscription CampaignStatsChanged($projectId: ID) {\n    campaignStatsChanged(projectId: $projectId) {\n      id\n      projectId\n      status\n      rejectReason\n      isActive\n      budget\n      conversions\n      spend\n      todayConversions\n      todaySpend\n      notNew\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExchangeMe {\n    me {\n      id\n      isExchangeReady\n    }\n  }\n"): (typeof documents)["\n  query ExchangeMe {\n    me {\n      id\n      isExchangeReady\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinExchange($ready: Boolean!) {\n    updateMe(input: { isExchangeReady: $ready }) {\n      id\n      isExchangeReady\n    }\n  }\n"): (typeof documents)["\n  mutation JoinExchange($ready: Boolean!) {\n    updateMe(input: { isExchangeReady: $ready }) {\n      id\n      isExchangeReady\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExchangeCatalog($search: String, $page: Int!, $limit: Int!) {\n    exchangeCatalog(search: $search, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        ownerName\n        taskTypes\n        recentCompletions\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ExchangeCatalog($search: String, $page: Int!, $limit: Int!) {\n    exchangeCatalog(search: $search, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        ownerName\n        taskTypes\n        recentCompletions\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OfferChoices($partnerPlatformId: ID!) {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        isActive\n      }\n    }\n    mine: exchangeProjects {\n      id\n      title\n      resources\n    }\n    theirs: exchangeProjects(platformId: $partnerPlatformId) {\n      id\n      title\n      resources\n      taskTypes\n    }\n  }\n"): (typeof documents)["\n  query OfferChoices($partnerPlatformId: ID!) {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        isActive\n      }\n    }\n    mine: exchangeProjects {\n      id\n      title\n      resources\n    }\n    theirs: exchangeProjects(platformId: $partnerPlatformId) {\n      id\n      title\n      resources\n      taskTypes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOffer($input: CreateOfferInput!) {\n    createOffer(input: $input) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOffer($input: CreateOfferInput!) {\n    createOffer(input: $input) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OfferCard_offer on Offer {\n    id\n    createdAt\n    status\n    quantity\n    partnerQuantity\n    expiresAt\n    message\n    dealId\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  fragment OfferCard_offer on Offer {\n    id\n    createdAt\n    status\n    quantity\n    partnerQuantity\n    expiresAt\n    message\n    dealId\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExchangeOffers($direction: OfferDirection!, $page: Int!, $limit: Int!) {\n    exchangeOffers(direction: $direction, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...OfferCard_offer\n      }\n    }\n  }\n"): (typeof documents)["\n  query ExchangeOffers($direction: OfferDirection!, $page: Int!, $limit: Int!) {\n    exchangeOffers(direction: $direction, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...OfferCard_offer\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExchangeOffer($id: ID!) {\n    exchangeOffer(id: $id) {\n      id\n      proposer {\n        id\n      }\n      ...OfferCard_offer\n    }\n  }\n"): (typeof documents)["\n  query ExchangeOffer($id: ID!) {\n    exchangeOffer(id: $id) {\n      id\n      proposer {\n        id\n      }\n      ...OfferCard_offer\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmOffer($id: ID!) {\n    confirmOffer(id: $id) {\n      id\n      status\n      dealId\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmOffer($id: ID!) {\n    confirmOffer(id: $id) {\n      id\n      status\n      dealId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectOffer($id: ID!) {\n    rejectOffer(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RejectOffer($id: ID!) {\n    rejectOffer(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WithdrawOffer($id: ID!) {\n    withdrawOffer(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation WithdrawOffer($id: ID!) {\n    withdrawOffer(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AwaitingOffers {\n    awaitingOffers {\n      incoming\n      outgoing\n    }\n  }\n"): (typeof documents)["\n  query AwaitingOffers {\n    awaitingOffers {\n      incoming\n      outgoing\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AwaitingOffersChanged {\n    awaitingOffersChanged {\n      incoming\n      outgoing\n    }\n  }\n"): (typeof documents)["\n  subscription AwaitingOffersChanged {\n    awaitingOffersChanged {\n      incoming\n      outgoing\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DealCard_deal on Deal {\n    id\n    createdAt\n    status\n    quantity\n    delivered\n    partnerQuantity\n    partnerDelivered\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  fragment DealCard_deal on Deal {\n    id\n    createdAt\n    status\n    quantity\n    delivered\n    partnerQuantity\n    partnerDelivered\n    proposer {\n      id\n      name\n    }\n    partner {\n      id\n      name\n    }\n    platform {\n      id\n      title\n      logo\n    }\n    project {\n      id\n      title\n    }\n    partnerPlatform {\n      id\n      title\n      logo\n    }\n    partnerProject {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExchangeDeals($page: Int!, $limit: Int!) {\n    exchangeDeals(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...DealCard_deal\n      }\n    }\n  }\n"): (typeof documents)["\n  query ExchangeDeals($page: Int!, $limit: Int!) {\n    exchangeDeals(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...DealCard_deal\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DealUpdated {\n    dealUpdated {\n      id\n      ...DealCard_deal\n    }\n  }\n"): (typeof documents)["\n  subscription DealUpdated {\n    dealUpdated {\n      id\n      ...DealCard_deal\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeDeal($id: ID!, $action: DealAction!) {\n    changeDeal(id: $id, action: $action) {\n      id\n      ...DealCard_deal\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeDeal($id: ID!, $action: DealAction!) {\n    changeDeal(id: $id, action: $action) {\n      id\n      ...DealCard_deal\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WithdrawalQueue(\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    withdrawalQueue(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        userId\n        user {\n          name\n          email\n        }\n        createdAt\n        updatedAt\n        status\n        amount\n        walletAddress\n        txHash\n        failureReason\n        chainFailure {\n          kind\n          exitCode\n        }\n        payoutStage\n        batchId\n        explorerUrl\n        approvalsNeeded\n        approvals {\n          userId\n          name\n          at\n        }\n        viewerDecision {\n          own\n          mayApprove\n          gaveApproval\n          mayReject\n        }\n        holdUntil\n        requestedFrom\n        approvedByRule\n        rejectedBy {\n          userId\n          name\n          at\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query WithdrawalQueue(\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    withdrawalQueue(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        userId\n        user {\n          name\n          email\n        }\n        createdAt\n        updatedAt\n        status\n        amount\n        walletAddress\n        txHash\n        failureReason\n        chainFailure {\n          kind\n          exitCode\n        }\n        payoutStage\n        batchId\n        explorerUrl\n        approvalsNeeded\n        approvals {\n          userId\n          name\n          at\n        }\n        viewerDecision {\n          own\n          mayApprove\n          gaveApproval\n          mayReject\n        }\n        holdUntil\n        requestedFrom\n        approvedByRule\n        rejectedBy {\n          userId\n          name\n          at\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WithdrawalQueueChanged {\n    withdrawalQueueChanged {\n      ...FinishedWithdrawal\n      updatedAt\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription WithdrawalQueueChanged {\n    withdrawalQueueChanged {\n      ...FinishedWithdrawal\n      updatedAt\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveWithdrawal($id: ID!) {\n    approveWithdrawal(id: $id) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveWithdrawal($id: ID!) {\n    approveWithdrawal(id: $id) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveWithdrawals($ids: [ID!]!) {\n    approveWithdrawals(ids: $ids) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveWithdrawals($ids: [ID!]!) {\n    approveWithdrawals(ids: $ids) {\n      id\n      status\n      payoutStage\n      updatedAt\n      approvals {\n        userId\n        name\n        at\n      }\n      viewerDecision {\n        own\n        mayApprove\n        gaveApproval\n        mayReject\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FailWithdrawal($id: ID!, $reason: String!) {\n    failWithdrawal(id: $id, reason: $reason) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation FailWithdrawal($id: ID!, $reason: String!) {\n    failWithdrawal(id: $id, reason: $reason) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FinishedWithdrawal on Transaction {\n    id\n    status\n    payoutStage\n    batchId\n    txHash\n    explorerUrl\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n  }\n"): (typeof documents)["\n  fragment FinishedWithdrawal on Transaction {\n    id\n    status\n    payoutStage\n    batchId\n    txHash\n    explorerUrl\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayoutWallet {\n    payoutWallet {\n      network\n      chain\n      address\n      ton\n      usdt\n      neededTon\n      neededUsdt\n      alert\n      limit\n      limitHit {\n        kind\n        sent\n        max\n        waiting\n        waitingAmount\n      }\n      limitsSet\n      limitsLifted\n      explorer\n      unmatched {\n        withdrawalId\n        txHash\n        amount\n        destination\n        reason\n        seenAt\n        booked {\n          status\n          amount\n          address\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PayoutWallet {\n    payoutWallet {\n      network\n      chain\n      address\n      ton\n      usdt\n      neededTon\n      neededUsdt\n      alert\n      limit\n      limitHit {\n        kind\n        sent\n        max\n        waiting\n        waitingAmount\n      }\n      limitsSet\n      limitsLifted\n      explorer\n      unmatched {\n        withdrawalId\n        txHash\n        amount\n        destination\n        reason\n        seenAt\n        booked {\n          status\n          amount\n          address\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LiftPayoutLimits {\n    liftPayoutLimits {\n      limit\n      limitHit {\n        kind\n      }\n      limitsLifted\n    }\n  }\n"): (typeof documents)["\n  mutation LiftPayoutLimits {\n    liftPayoutLimits {\n      limit\n      limitHit {\n        kind\n      }\n      limitsLifted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PayoutWalletChanged {\n    payoutWalletChanged {\n      address\n    }\n  }\n"): (typeof documents)["\n  subscription PayoutWalletChanged {\n    payoutWalletChanged {\n      address\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n"): (typeof documents)["\n  fragment BalanceChip_user on User {\n    id\n    advertiserBalance\n    publisherBalance\n    publisherOnHoldBalance\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n    isFinance\n    isAdmin\n    advertiserBalance\n  }\n"): (typeof documents)["\n  fragment MobileDrawer_user on User {\n    id\n    name\n    email\n    isModerator\n    isFinance\n    isAdmin\n    advertiserBalance\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n"): (typeof documents)["\n  fragment UserMenu_user on User {\n    id\n    name\n    email\n    defaultRole\n    isModerator\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      isFinance\n      isAdmin\n      isExchangeReady\n      language\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n"): (typeof documents)["\n  query LayoutMe {\n    me {\n      id\n      defaultRole\n      isModerator\n      isFinance\n      isAdmin\n      isExchangeReady\n      language\n      ...BalanceChip_user\n      ...UserMenu_user\n      ...MobileDrawer_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n"): (typeof documents)["\n  subscription BalanceChanged {\n    balanceChanged {\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n"): (typeof documents)["\n  fragment RegistrationRequestCard_request on RegistrationRequest {\n    id\n    createdAt\n    name\n    email\n    telegram\n    company\n    comment\n    role\n    source\n    status\n    decidedAt\n    declineReason\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n"): (typeof documents)["\n  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {\n    registrationRequests(status: $status, page: $page, limit: $limit) {\n      total\n      data {\n        id\n        ...RegistrationRequestCard_request\n      }\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment PlayerReportRow_report on PlayerReport {\n    id\n    createdAt\n    updatedAt\n    status\n    reason\n    text\n    playerId\n    playerName\n    rule\n    evidence\n    app {\n      id\n      title\n    }\n    campaign {\n      id\n      name\n      taskTitle\n      taskType\n      ownerName\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n"): (typeof documents)["\n  fragment PlayerReportRow_report on PlayerReport {\n    id\n    createdAt\n    updatedAt\n    status\n    reason\n    text\n    playerId\n    playerName\n    rule\n    evidence\n    app {\n      id\n      title\n    }\n    campaign {\n      id\n      name\n      taskTitle\n      taskType\n      ownerName\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerReports(\n    $page: Int!\n    $size: Int!\n    $sortField: PlayerReportSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: PlayerReportFilters\n  ) {\n    playerReports(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...PlayerReportRow_report\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlayerReports(\n    $page: Int!\n    $size: Int!\n    $sortField: PlayerReportSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: PlayerReportFilters\n  ) {\n    playerReports(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...PlayerReportRow_report\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerReportDetail($id: ID!) {\n    playerReport(id: $id) {\n      report {\n        id\n        ...PlayerReportRow_report\n      }\n      blocked\n      conversions {\n        id\n        createdAt\n        status\n        price\n        campaignId\n        campaignName\n        appTitle\n        taskType\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlayerReportDetail($id: ID!) {\n    playerReport(id: $id) {\n      report {\n        id\n        ...PlayerReportRow_report\n      }\n      blocked\n      conversions {\n        id\n        createdAt\n        status\n        price\n        campaignId\n        campaignName\n        appTitle\n        taskType\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ModerationHistory_entry on ModerationHistoryEntry {\n    id\n    at\n    action\n    from\n    to\n    note\n    effects\n    actor {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment ModerationHistory_entry on ModerationHistoryEntry {\n    id\n    at\n    action\n    from\n    to\n    note\n    effects\n    actor {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PlayerReportChanged {\n    playerReportChanged {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"): (typeof documents)["\n  subscription PlayerReportChanged {\n    playerReportChanged {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClaimPlayerReport($id: ID!) {\n    claimPlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"): (typeof documents)["\n  mutation ClaimPlayerReport($id: ID!) {\n    claimPlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReleasePlayerReport($id: ID!) {\n    releasePlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"): (typeof documents)["\n  mutation ReleasePlayerReport($id: ID!) {\n    releasePlayerReport(id: $id) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DecidePlayerReport(\n    $id: ID!\n    $status: PlayerReportDecision!\n    $note: String\n    $voidConversion: Boolean\n    $blockPlayer: Boolean\n    $pauseCampaign: Boolean\n    $askAdvertiser: Boolean\n  ) {\n    decidePlayerReport(\n      id: $id\n      status: $status\n      note: $note\n      voidConversion: $voidConversion\n      blockPlayer: $blockPlayer\n      pauseCampaign: $pauseCampaign\n      askAdvertiser: $askAdvertiser\n    ) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"): (typeof documents)["\n  mutation DecidePlayerReport(\n    $id: ID!\n    $status: PlayerReportDecision!\n    $note: String\n    $voidConversion: Boolean\n    $blockPlayer: Boolean\n    $pauseCampaign: Boolean\n    $askAdvertiser: Boolean\n  ) {\n    decidePlayerReport(\n      id: $id\n      status: $status\n      note: $note\n      voidConversion: $voidConversion\n      blockPlayer: $blockPlayer\n      pauseCampaign: $pauseCampaign\n      askAdvertiser: $askAdvertiser\n    ) {\n      id\n      ...PlayerReportRow_report\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CampaignReviewRow_campaign on CampaignReview {\n    id\n    createdAt\n    name\n    status\n    rejectReason\n    approvedAt\n    budget\n    advertiser {\n      id\n      name\n      email\n    }\n    project {\n      id\n      title\n    }\n    task {\n      type\n      title\n      url\n      logo\n    }\n    prices {\n      tierLevel\n      value\n    }\n    targeting {\n      countries\n      languages\n      dailyCap\n      premiumOnly\n      newUsersOnly\n      minQuality\n      unscoredAllowed\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n"): (typeof documents)["\n  fragment CampaignReviewRow_campaign on CampaignReview {\n    id\n    createdAt\n    name\n    status\n    rejectReason\n    approvedAt\n    budget\n    advertiser {\n      id\n      name\n      email\n    }\n    project {\n      id\n      title\n    }\n    task {\n      type\n      title\n      url\n      logo\n    }\n    prices {\n      tierLevel\n      value\n    }\n    targeting {\n      countries\n      languages\n      dailyCap\n      premiumOnly\n      newUsersOnly\n      minQuality\n      unscoredAllowed\n    }\n    claimedBy {\n      id\n      name\n    }\n    claimedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignReviews(\n    $page: Int!\n    $size: Int!\n    $sortField: CampaignReviewSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: CampaignReviewFilters\n  ) {\n    campaignReviews(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...CampaignReviewRow_campaign\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignReviews(\n    $page: Int!\n    $size: Int!\n    $sortField: CampaignReviewSortField\n    $sortOrder: SortOrder\n    $search: String\n    $filters: CampaignReviewFilters\n  ) {\n    campaignReviews(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      search: $search\n      filters: $filters\n    ) {\n      totalCount\n      data {\n        id\n        ...CampaignReviewRow_campaign\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignReviewDetail($id: ID!) {\n    campaignReview(id: $id) {\n      campaign {\n        id\n        ...CampaignReviewRow_campaign\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignReviewDetail($id: ID!) {\n    campaignReview(id: $id) {\n      campaign {\n        id\n        ...CampaignReviewRow_campaign\n      }\n      history {\n        ...ModerationHistory_entry\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CampaignReviewChanged {\n    campaignReviewChanged {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"): (typeof documents)["\n  subscription CampaignReviewChanged {\n    campaignReviewChanged {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClaimCampaignReview($id: ID!) {\n    claimCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"): (typeof documents)["\n  mutation ClaimCampaignReview($id: ID!) {\n    claimCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReleaseCampaignReview($id: ID!) {\n    releaseCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"): (typeof documents)["\n  mutation ReleaseCampaignReview($id: ID!) {\n    releaseCampaignReview(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveCampaign($id: ID!) {\n    approveCampaign(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveCampaign($id: ID!) {\n    approveCampaign(id: $id) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectCampaign($id: ID!, $reason: String!) {\n    rejectCampaign(id: $id, reason: $reason) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"): (typeof documents)["\n  mutation RejectCampaign($id: ID!, $reason: String!) {\n    rejectCampaign(id: $id, reason: $reason) {\n      id\n      ...CampaignReviewRow_campaign\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModerationCounts {\n    moderationCounts {\n      newReports\n      myReports\n      campaignsToReview\n      registrations\n    }\n  }\n"): (typeof documents)["\n  query ModerationCounts {\n    moderationCounts {\n      newReports\n      myReports\n      campaignsToReview\n      registrations\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"): (typeof documents)["\n  subscription RegistrationRequestChanged {\n    registrationRequestChanged {\n      id\n      ...RegistrationRequestCard_request\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModerationMe {\n    me {\n      id\n    }\n  }\n"): (typeof documents)["\n  query ModerationMe {\n    me {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationSettings {\n    notificationSettings {\n      telegramConfigured\n      telegram {\n        id\n        username\n      }\n      preferences {\n        type\n        group\n        label\n        telegram\n        email\n        alwaysOn\n      }\n    }\n  }\n"): (typeof documents)["\n  query NotificationSettings {\n    notificationSettings {\n      telegramConfigured\n      telegram {\n        id\n        username\n      }\n      preferences {\n        type\n        group\n        label\n        telegram\n        email\n        alwaysOn\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TelegramLinkChanged {\n    telegramLinkChanged {\n      telegram {\n        id\n        username\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TelegramLinkChanged {\n    telegramLinkChanged {\n      telegram {\n        id\n        username\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartTelegramLink {\n    startTelegramLink {\n      url\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation StartTelegramLink {\n    startTelegramLink {\n      url\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnlinkTelegram {\n    unlinkTelegram {\n      telegram {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnlinkTelegram {\n    unlinkTelegram {\n      telegram {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotificationSettings($changes: [NotificationPreferenceInput!]!) {\n    updateNotificationSettings(changes: $changes) {\n      type\n      group\n      label\n      telegram\n      email\n      alwaysOn\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNotificationSettings($changes: [NotificationPreferenceInput!]!) {\n    updateNotificationSettings(changes: $changes) {\n      type\n      group\n      label\n      telegram\n      email\n      alwaysOn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AddFundsMe {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n"): (typeof documents)["\n  query AddFundsMe {\n    me {\n      id\n      advertiserBalance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTopUp($amount: Money!) {\n    createTopUp(amount: $amount) {\n      url\n      transaction {\n        id\n        ...TransactionRow_transaction\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTopUp($amount: Money!) {\n    createTopUp(amount: $amount) {\n      url\n      transaction {\n        id\n        ...TransactionRow_transaction\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayoutAddresses {\n    payoutAddresses {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n"): (typeof documents)["\n  query PayoutAddresses {\n    payoutAddresses {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPayoutAddress($address: String!, $label: String!) {\n    addPayoutAddress(address: $address, label: $label) {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n"): (typeof documents)["\n  mutation AddPayoutAddress($address: String!, $label: String!) {\n    addPayoutAddress(address: $address, label: $label) {\n      id\n      address\n      label\n      paidAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemovePayoutAddress($id: ID!) {\n    removePayoutAddress(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemovePayoutAddress($id: ID!) {\n    removePayoutAddress(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TransactionRow_transaction on Transaction {\n    id\n    createdAt\n    updatedAt\n    kind\n    status\n    amount\n    walletAddress\n    txHash\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n    payoutStage\n    approvalsNeeded\n    approvalsGiven\n    batchId\n    explorerUrl\n    holdUntil\n    payUrl\n  }\n"): (typeof documents)["\n  fragment TransactionRow_transaction on Transaction {\n    id\n    createdAt\n    updatedAt\n    kind\n    status\n    amount\n    walletAddress\n    txHash\n    failureReason\n    chainFailure {\n      kind\n      exitCode\n    }\n    payoutStage\n    approvalsNeeded\n    approvalsGiven\n    batchId\n    explorerUrl\n    holdUntil\n    payUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelTopUp($id: ID!) {\n    cancelTopUp(id: $id) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      payUrl\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation CancelTopUp($id: ID!) {\n    cancelTopUp(id: $id) {\n      id\n      status\n      failureReason\n      chainFailure {\n        kind\n        exitCode\n      }\n      payUrl\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Transactions(\n    $kind: TransactionKind!\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    transactions(\n      kind: $kind\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        status\n        ...TransactionRow_transaction\n      }\n    }\n  }\n"): (typeof documents)["\n  query Transactions(\n    $kind: TransactionKind!\n    $page: Int!\n    $size: Int\n    $sortField: TransactionSortField\n    $sortOrder: SortOrder\n    $filters: TransactionFilters\n    $search: String\n  ) {\n    transactions(\n      kind: $kind\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      filters: $filters\n      search: $search\n    ) {\n      totalCount\n      data {\n        id\n        status\n        ...TransactionRow_transaction\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TransactionUpdated {\n    transactionUpdated {\n      id\n      kind\n      ...TransactionRow_transaction\n    }\n  }\n"): (typeof documents)["\n  subscription TransactionUpdated {\n    transactionUpdated {\n      id\n      kind\n      ...TransactionRow_transaction\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WithdrawMe {\n    me {\n      id\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n"): (typeof documents)["\n  query WithdrawMe {\n    me {\n      id\n      publisherBalance\n      publisherOnHoldBalance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestWithdrawal($amount: Money!, $walletAddress: String!) {\n    requestWithdrawal(amount: $amount, walletAddress: $walletAddress) {\n      id\n      ...TransactionRow_transaction\n    }\n  }\n"): (typeof documents)["\n  mutation RequestWithdrawal($amount: Money!, $walletAddress: String!) {\n    requestWithdrawal(amount: $amount, walletAddress: $walletAddress) {\n      id\n      ...TransactionRow_transaction\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformCallbacks($platformId: ID!) {\n    platformCallbacks(platformId: $platformId) {\n      id\n      conversionId\n      url\n      status\n      attempts\n      nextAttemptAt\n      lastStatusCode\n      lastError\n      createdAt\n      deliveredAt\n      attemptLog {\n        attempt\n        at\n        statusCode\n        error\n        durationMs\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlatformCallbacks($platformId: ID!) {\n    platformCallbacks(platformId: $platformId) {\n      id\n      conversionId\n      url\n      status\n      attempts\n      nextAttemptAt\n      lastStatusCode\n      lastError\n      createdAt\n      deliveredAt\n      attemptLog {\n        attempt\n        at\n        statusCode\n        error\n        durationMs\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RewardCallbackUpdated($platformId: ID!) {\n    rewardCallbackUpdated(platformId: $platformId) {\n      id\n    }\n  }\n"): (typeof documents)["\n  subscription RewardCallbackUpdated($platformId: ID!) {\n    rewardCallbackUpdated(platformId: $platformId) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPlatforms($page: Int! = 1, $limit: Int! = 11) {\n    platforms(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        status\n        isActive\n        completed\n        revenue\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyPlatforms($page: Int! = 1, $limit: Int! = 11) {\n    platforms(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        status\n        isActive\n        completed\n        revenue\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformDetails($id: ID!) {\n    platform(id: $id) {\n      id\n      version\n      title\n      logo\n      categoryId\n      webappUrl\n      tgBotUrl\n      tgBotId\n      hasBotToken\n      rewardCallbackUrl\n      isDarkTheme\n      isActive\n      rewards {\n        id\n        title\n        logo\n      }\n      services {\n        id\n        taskType\n        shouldConfirmWithoutPayout\n        isExcluded\n        defaultPrice\n        reward\n        rewardIcon\n        awards {\n          id\n          platformRewardId\n          platformRewardTitle\n          value\n        }\n        tiers {\n          level\n          value\n          publisherValue\n          prices {\n            value\n            countryId\n            country {\n              id\n              title\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlatformDetails($id: ID!) {\n    platform(id: $id) {\n      id\n      version\n      title\n      logo\n      categoryId\n      webappUrl\n      tgBotUrl\n      tgBotId\n      hasBotToken\n      rewardCallbackUrl\n      isDarkTheme\n      isActive\n      rewards {\n        id\n        title\n        logo\n      }\n      services {\n        id\n        taskType\n        shouldConfirmWithoutPayout\n        isExcluded\n        defaultPrice\n        reward\n        rewardIcon\n        awards {\n          id\n          platformRewardId\n          platformRewardTitle\n          value\n        }\n        tiers {\n          level\n          value\n          publisherValue\n          prices {\n            value\n            countryId\n            country {\n              id\n              title\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformKey($id: ID!) {\n    platform(id: $id) {\n      id\n      secretKey\n    }\n  }\n"): (typeof documents)["\n  query PlatformKey($id: ID!) {\n    platform(id: $id) {\n      id\n      secretKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformTierList {\n    settings {\n      networkFeePercent\n      tierList {\n        level\n        value\n        publisherValue\n        prices {\n          value\n          countryId\n          country {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlatformTierList {\n    settings {\n      networkFeePercent\n      tierList {\n        level\n        value\n        publisherValue\n        prices {\n          value\n          countryId\n          country {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlatformCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePlatform($input: PlatformInput!) {\n    createPlatform(input: $input) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePlatform($input: PlatformInput!) {\n    createPlatform(input: $input) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePlatform($id: ID!, $input: PlatformInput!, $expectedVersion: Int) {\n    updatePlatform(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      logo\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePlatform($id: ID!, $input: PlatformInput!, $expectedVersion: Int) {\n    updatePlatform(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      logo\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegeneratePlatformKey($id: ID!) {\n    regeneratePlatformKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RegeneratePlatformKey($id: ID!) {\n    regeneratePlatformKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformCampaigns($platformId: ID!) {\n    platformCampaigns(platformId: $platformId) {\n      campaignId\n      task {\n        type\n        title\n      }\n      completedQuantity\n      profitBudget\n      isActive\n    }\n  }\n"): (typeof documents)["\n  query PlatformCampaigns($platformId: ID!) {\n    platformCampaigns(platformId: $platformId) {\n      campaignId\n      task {\n        type\n        title\n      }\n      completedQuantity\n      profitBudget\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformTotals($id: ID!) {\n    platform(id: $id) {\n      id\n      title\n      completed\n      revenue\n    }\n  }\n"): (typeof documents)["\n  query PlatformTotals($id: ID!) {\n    platform(id: $id) {\n      id\n      title\n      completed\n      revenue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlatformLiveTotals on Platform {\n    id\n    completed\n    revenue\n  }\n"): (typeof documents)["\n  fragment PlatformLiveTotals on Platform {\n    id\n    completed\n    revenue\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PlatformStatsLive($platformId: ID) {\n    platformStatsChanged(platformId: $platformId) {\n      platformId\n      campaignId\n      completedQuantity\n      profitBudget\n      platformCompleted\n      platformRevenue\n    }\n  }\n"): (typeof documents)["\n  subscription PlatformStatsLive($platformId: ID) {\n    platformStatsChanged(platformId: $platformId) {\n      platformId\n      campaignId\n      completedQuantity\n      profitBudget\n      platformCompleted\n      platformRevenue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyProjects($page: Int! = 1, $limit: Int! = 100) {\n    projects(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        tasksCount\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyProjects($page: Int! = 1, $limit: Int! = 100) {\n    projects(page: $page, limit: $limit) {\n      total\n      data {\n        id\n        title\n        logo\n        tasksCount\n        category {\n          id\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectCategories {\n    categories(page: 1, limit: 100) {\n      data {\n        id\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectTask_task on Task {\n    id\n    projectId\n    type\n    taskType\n    title\n    url\n    logo\n    isMiniApp\n    inviteLink\n    verificationCode\n    verificationLink\n    isVerifiedSource\n  }\n"): (typeof documents)["\n  fragment ProjectTask_task on Task {\n    id\n    projectId\n    type\n    taskType\n    title\n    url\n    logo\n    isMiniApp\n    inviteLink\n    verificationCode\n    verificationLink\n    isVerifiedSource\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      version\n      title\n      categoryId\n      tasksCount\n      category {\n        id\n        title\n      }\n      tasks {\n        ...ProjectTask_task\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      version\n      title\n      categoryId\n      tasksCount\n      category {\n        id\n        title\n      }\n      tasks {\n        ...ProjectTask_task\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectKey($id: ID!) {\n    project(id: $id) {\n      id\n      title\n      secretKey\n    }\n  }\n"): (typeof documents)["\n  query ProjectKey($id: ID!) {\n    project(id: $id) {\n      id\n      title\n      secretKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectTasks($projectId: ID!, $page: Int!, $limit: Int!) {\n    projectTasks(projectId: $projectId, page: $page, limit: $limit) {\n      total\n      data {\n        ...ProjectTask_task\n        campaigns {\n          id\n          name\n          status\n          isActive\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectTasks($projectId: ID!, $page: Int!, $limit: Int!) {\n    projectTasks(projectId: $projectId, page: $page, limit: $limit) {\n      total\n      data {\n        ...ProjectTask_task\n        campaigns {\n          id\n          name\n          status\n          isActive\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SystemBot {\n    settings {\n      telegramSystemBot\n    }\n  }\n"): (typeof documents)["\n  query SystemBot {\n    settings {\n      telegramSystemBot\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      id\n      title\n      secretKey\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      id\n      title\n      secretKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProject($id: ID!, $input: ProjectInput!, $expectedVersion: Int) {\n    updateProject(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      tasksCount\n      logo\n      category {\n        id\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProject($id: ID!, $input: ProjectInput!, $expectedVersion: Int) {\n    updateProject(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n      title\n      tasksCount\n      logo\n      category {\n        id\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegenerateProjectKey($id: ID!) {\n    regenerateProjectKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RegenerateProjectKey($id: ID!) {\n    regenerateProjectKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTask($projectId: ID!, $input: TaskInput!) {\n    createTask(projectId: $projectId, input: $input) {\n      ...ProjectTask_task\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTask($projectId: ID!, $input: TaskInput!) {\n    createTask(projectId: $projectId, input: $input) {\n      ...ProjectTask_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyTask($projectId: ID!, $taskId: ID!) {\n    verifyTask(projectId: $projectId, taskId: $taskId) {\n      id\n      isVerifiedSource\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyTask($projectId: ID!, $taskId: ID!) {\n    verifyTask(projectId: $projectId, taskId: $taskId) {\n      id\n      isVerifiedSource\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SuggestResource($url: String!) {\n    suggestResource(url: $url) {\n      title\n      logo\n      taskType\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation SuggestResource($url: String!) {\n    suggestResource(url: $url) {\n      title\n      logo\n      taskType\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskUpdated($projectId: ID!) {\n    taskUpdated(projectId: $projectId) {\n      action\n      projectId\n      taskId\n      task {\n        ...ProjectTask_task\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TaskUpdated($projectId: ID!) {\n    taskUpdated(projectId: $projectId) {\n      action\n      projectId\n      taskId\n      task {\n        ...ProjectTask_task\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QualityFields on PlatformQuality {\n    platformId\n    score\n    conversions\n    minSample\n    retention\n    retentionSample\n    retention30d\n    retention30dSample\n    voidRate\n    reportsPer1000\n    fraudHitsPer1000\n    fastShare\n    penalties {\n      component\n      points\n    }\n  }\n"): (typeof documents)["\n  fragment QualityFields on PlatformQuality {\n    platformId\n    score\n    conversions\n    minSample\n    retention\n    retentionSample\n    retention30d\n    retention30dSample\n    voidRate\n    reportsPer1000\n    fraudHitsPer1000\n    fastShare\n    penalties {\n      component\n      points\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AppQualityFields on AppQuality {\n    platformId\n    excludedByCampaigns\n    pause {\n      since\n      score\n      floor\n      liftedAt\n      liftNote\n    }\n    quality {\n      ...QualityFields\n    }\n  }\n"): (typeof documents)["\n  fragment AppQualityFields on AppQuality {\n    platformId\n    excludedByCampaigns\n    pause {\n      since\n      score\n      floor\n      liftedAt\n      liftNote\n    }\n    quality {\n      ...QualityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AppQuality($platformId: ID!) {\n    appQuality(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n"): (typeof documents)["\n  query AppQuality($platformId: ID!) {\n    appQuality(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AppQualityChanged($platformId: ID) {\n    platformQualityChanged(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n"): (typeof documents)["\n  subscription AppQualityChanged($platformId: ID) {\n    platformQualityChanged(platformId: $platformId) {\n      platformId\n      ...AppQualityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExcludedPlatforms($campaignId: ID) {\n    excludedPlatforms(campaignId: $campaignId) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query ExcludedPlatforms($campaignId: ID) {\n    excludedPlatforms(campaignId: $campaignId) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPlatformExcluded($platformId: ID!, $campaignId: ID, $excluded: Boolean!) {\n    setPlatformExcluded(platformId: $platformId, campaignId: $campaignId, excluded: $excluded) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation SetPlatformExcluded($platformId: ID!, $campaignId: ID, $excluded: Boolean!) {\n    setPlatformExcluded(platformId: $platformId, campaignId: $campaignId, excluded: $excluded) {\n      platformId\n      title\n      logo\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Staff {\n    staffMembers {\n      id\n      name\n      email\n      isModerator\n      isFinance\n      isAdmin\n    }\n    staffRoleChanges {\n      id\n      email\n      role\n      granted\n      by\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query Staff {\n    staffMembers {\n      id\n      name\n      email\n      isModerator\n      isFinance\n      isAdmin\n    }\n    staffRoleChanges {\n      id\n      email\n      role\n      granted\n      by\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetStaffRole($email: String!, $role: StaffRole!, $granted: Boolean!) {\n    setStaffRole(email: $email, role: $role, granted: $granted) {\n      id\n      isModerator\n      isFinance\n      isAdmin\n    }\n  }\n"): (typeof documents)["\n  mutation SetStaffRole($email: String!, $role: StaffRole!, $granted: Boolean!) {\n    setStaffRole(email: $email, role: $role, granted: $granted) {\n      id\n      isModerator\n      isFinance\n      isAdmin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublisherStatistics(\n    $page: Int!\n    $size: Int!\n    $sortField: StatisticsSortField\n    $sortOrder: SortOrder\n    $taskType: TaskType\n    $platformId: ID\n  ) {\n    publisherStatistics(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      taskType: $taskType\n      platformId: $platformId\n    ) {\n      totalCount\n      data {\n        createdAt\n        conversions\n        profit\n      }\n    }\n    publisherStatisticsToday(taskType: $taskType, platformId: $platformId) {\n      createdAt\n      conversions\n      profit\n    }\n  }\n"): (typeof documents)["\n  query PublisherStatistics(\n    $page: Int!\n    $size: Int!\n    $sortField: StatisticsSortField\n    $sortOrder: SortOrder\n    $taskType: TaskType\n    $platformId: ID\n  ) {\n    publisherStatistics(\n      page: $page\n      size: $size\n      sortField: $sortField\n      sortOrder: $sortOrder\n      taskType: $taskType\n      platformId: $platformId\n    ) {\n      totalCount\n      data {\n        createdAt\n        conversions\n        profit\n      }\n    }\n    publisherStatisticsToday(taskType: $taskType, platformId: $platformId) {\n      createdAt\n      conversions\n      profit\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StatisticsApps {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        quality {\n          platformId\n          score\n          conversions\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query StatisticsApps {\n    platforms(page: 1, limit: 100) {\n      data {\n        id\n        title\n        quality {\n          platformId\n          score\n          conversions\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription StatisticsLive {\n    platformStatsChanged {\n      platformId\n      platformCompleted\n    }\n  }\n"): (typeof documents)["\n  subscription StatisticsLive {\n    platformStatsChanged {\n      platformId\n      platformCompleted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Presence($objectType: PresenceObject!, $objectId: ID!, $editing: Boolean) {\n    presence(objectType: $objectType, objectId: $objectId, editing: $editing) {\n      userId\n      name\n      editing\n    }\n  }\n"): (typeof documents)["\n  subscription Presence($objectType: PresenceObject!, $objectId: ID!, $editing: Boolean) {\n    presence(objectType: $objectType, objectId: $objectId, editing: $editing) {\n      userId\n      name\n      editing\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Accounts {\n    accounts {\n      id\n      name\n      kind\n      accessLevel\n      own\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n      todaySpend\n      todayRevenue\n      todayConversions\n      openCampaigns\n    }\n  }\n"): (typeof documents)["\n  query Accounts {\n    accounts {\n      id\n      name\n      kind\n      accessLevel\n      own\n      advertiserBalance\n      publisherBalance\n      publisherOnHoldBalance\n      todaySpend\n      todayRevenue\n      todayConversions\n      openCampaigns\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Team($accountId: ID!) {\n    members(accountId: $accountId) {\n      userId\n      name\n      email\n      accessLevel\n      owner\n      since\n    }\n    invitations(accountId: $accountId) {\n      id\n      email\n      accessLevel\n      invitedBy\n      createdAt\n      expiresAt\n      status\n    }\n  }\n"): (typeof documents)["\n  query Team($accountId: ID!) {\n    members(accountId: $accountId) {\n      userId\n      name\n      email\n      accessLevel\n      owner\n      since\n    }\n    invitations(accountId: $accountId) {\n      id\n      email\n      accessLevel\n      invitedBy\n      createdAt\n      expiresAt\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteMember($accountId: ID!, $email: String!, $accessLevel: AccessLevel!) {\n    inviteMember(accountId: $accountId, email: $email, accessLevel: $accessLevel) {\n      id\n      email\n      accessLevel\n      status\n      link\n    }\n  }\n"): (typeof documents)["\n  mutation InviteMember($accountId: ID!, $email: String!, $accessLevel: AccessLevel!) {\n    inviteMember(accountId: $accountId, email: $email, accessLevel: $accessLevel) {\n      id\n      email\n      accessLevel\n      status\n      link\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeInvitation($accountId: ID!, $id: ID!) {\n    revokeInvitation(accountId: $accountId, id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeInvitation($accountId: ID!, $id: ID!) {\n    revokeInvitation(accountId: $accountId, id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMemberLevel($accountId: ID!, $userId: ID!, $accessLevel: AccessLevel!) {\n    setMemberLevel(accountId: $accountId, userId: $userId, accessLevel: $accessLevel) {\n      userId\n      accessLevel\n    }\n  }\n"): (typeof documents)["\n  mutation SetMemberLevel($accountId: ID!, $userId: ID!, $accessLevel: AccessLevel!) {\n    setMemberLevel(accountId: $accountId, userId: $userId, accessLevel: $accessLevel) {\n      userId\n      accessLevel\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($accountId: ID!, $userId: ID!) {\n    removeMember(accountId: $accountId, userId: $userId)\n  }\n"): (typeof documents)["\n  mutation RemoveMember($accountId: ID!, $userId: ID!) {\n    removeMember(accountId: $accountId, userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Invitation($token: String!) {\n    invitation(token: $token) {\n      accountName\n      invitedBy\n      email\n      accessLevel\n      expiresAt\n      status\n    }\n  }\n"): (typeof documents)["\n  query Invitation($token: String!) {\n    invitation(token: $token) {\n      accountName\n      invitedBy\n      email\n      accessLevel\n      expiresAt\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Activity(\n    $accountId: ID!\n    $page: Int\n    $limit: Int\n    $userId: ID\n    $objectType: ActivityObjectType\n    $objectId: ID\n  ) {\n    activity(\n      accountId: $accountId\n      page: $page\n      limit: $limit\n      userId: $userId\n      objectType: $objectType\n      objectId: $objectId\n    ) {\n      total\n      data {\n        id\n        at\n        userId\n        userName\n        ip\n        action\n        objectType\n        objectId\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Activity(\n    $accountId: ID!\n    $page: Int\n    $limit: Int\n    $userId: ID\n    $objectType: ActivityObjectType\n    $objectId: ID\n  ) {\n    activity(\n      accountId: $accountId\n      page: $page\n      limit: $limit\n      userId: $userId\n      objectType: $objectType\n      objectId: $objectId\n    ) {\n      total\n      data {\n        id\n        at\n        userId\n        userName\n        ip\n        action\n        objectType\n        objectId\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AccountsChanged {\n    accountsChanged\n  }\n"): (typeof documents)["\n  subscription AccountsChanged {\n    accountsChanged\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ActivityAdded($accountId: ID!) {\n    activityAdded(accountId: $accountId)\n  }\n"): (typeof documents)["\n  subscription ActivityAdded($accountId: ID!) {\n    activityAdded(accountId: $accountId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySessions {\n    mySessions {\n      id\n      method\n      createdAt\n      lastSeenAt\n      ip\n      lastIp\n      userAgent\n      current\n    }\n  }\n"): (typeof documents)["\n  query MySessions {\n    mySessions {\n      id\n      method\n      createdAt\n      lastSeenAt\n      ip\n      lastIp\n      userAgent\n      current\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateLanguage($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      language\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateLanguage($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      language\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDefaultRole($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      defaultRole\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDefaultRole($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      defaultRole\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;