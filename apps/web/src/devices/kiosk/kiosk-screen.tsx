// PLACEHOLDER: replaced by the kiosk screen (issue 4).
export default function KioskScreen({ code }: { code: string | null }) {
  return <main className="device-center">{code}</main>;
}
