// PLACEHOLDER: replaced by the on-site phone flow (issue 4).
export default function OnSiteScreen({ branchId }: { branchId: string | null }) {
  return <main className="device-center">{branchId}</main>;
}
