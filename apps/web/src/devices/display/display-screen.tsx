// PLACEHOLDER: replaced by the display screens (issue 4).
export default function DisplayScreen({ code, layout }: { code: string | null; layout: 'classic' | 'modern' | 'big' | 'pos' }) {
  return (
    <main className="device-center">
      {layout} {code}
    </main>
  );
}
