/**
 * The requests and answers of the device apps, typed from the shared contracts. Type-only
 * imports: the bundle carries no schema (the server validates both directions against them).
 */
import type { ContractBody, ContractResponse } from '@antrean/shared/contracts/contract';
import type { devicesContract } from '@antrean/shared/contracts/devices.contract';
import type { ticketsContract } from '@antrean/shared/contracts/tickets.contract';

export type KioskConfigAnswer = ContractResponse<typeof devicesContract.kioskConfig>;
export type OnSiteConfigAnswer = ContractResponse<typeof devicesContract.onSite>;
export type DisplayConfigAnswer = ContractResponse<typeof devicesContract.displayConfig>;

/** A kiosk issuing at its branch (`X-Kiosk-Code`). */
export type KioskIssueBody = ContractBody<typeof ticketsContract.issue>;
export type KioskIssueAnswer = ContractResponse<typeof ticketsContract.issue>;
/** A visitor's phone issuing on the on-site page. */
export type PublicIssueBody = ContractBody<typeof devicesContract.publicIssue>;

export type CheckInBody = ContractBody<typeof ticketsContract.checkInByCode>;
export type CheckInAnswer = ContractResponse<typeof ticketsContract.checkInByCode>;

export type PublicTicketAnswer = ContractResponse<typeof ticketsContract.publicGet>;
