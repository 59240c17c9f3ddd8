// PLACEHOLDER: replaced by the on-site e-ticket (issue 4).
export default function ETicketScreen({ uniqueCode }: { uniqueCode: string | null }) {
  return <main className="device-center">{uniqueCode}</main>;
}
