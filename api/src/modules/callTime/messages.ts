export const SESSION_NOT_FOUND = 'Call session not found';
export const LIST_NOT_FOUND = 'Contact list not found';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const CALLER_NOT_IN_TEAM = 'Caller must be a member of this workspace';
export const LIST_HAS_NO_ONE = 'The list has no one who may be called';
export const NOT_ON_SHEET = 'Contact is not on this call sheet';
export const ASKED_NOT_TO_BE_CALLED = 'This contact asked not to be called: the call was not logged';
