// /operator — the farm operator's job inbox and farm settings (being built).
export default function OperatorPage() {
  return <main id="main">Loading operator area…</main>;
}
