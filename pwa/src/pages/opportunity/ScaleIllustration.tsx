// The 'scale potential' picture: one garage farm growing into a cluster of connected printers.
const STAGES = [
  { x: 70, printers: 2, label: 'Month 1', caption: '2 printers' },
  { x: 230, printers: 4, label: 'Year 1', caption: '4 printers' },
  { x: 410, printers: 8, label: 'Year 2+', caption: '8+ printers' },
] as const;

const PRINTER_IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;

function Printer({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="26" height="28" rx="3" className="opp-scale__printer" />
      <rect x="4" y="5" width="18" height="13" rx="1.5" className="opp-scale__window" />
      <rect x="9" y="13" width="8" height="5" className="opp-scale__part" />
    </g>
  );
}

export function ScaleIllustration() {
  return (
    <figure className="opp-scale__figure">
      <svg
        viewBox="0 0 520 240"
        role="img"
        aria-label="Scale potential: a farm grows from 2 printers in month 1 to 4 printers in year 1 and 8 or more printers later."
      >
        <path d="M110 120 C 160 70, 190 70, 230 110" className="opp-scale__arrow" />
        <path d="M300 120 C 340 70, 370 70, 400 110" className="opp-scale__arrow" />
        {STAGES.map((stage) => {
          const columns = stage.printers <= 2 ? 2 : stage.printers <= 4 ? 2 : 4;
          const rows = Math.ceil(stage.printers / columns);
          const width = columns * 30;
          return (
            <g key={stage.label}>
              <rect
                x={stage.x - 12}
                y={150 - rows * 32}
                width={width + 20}
                height={rows * 32 + 14}
                rx="8"
                className="opp-scale__shelf"
              />
              {PRINTER_IDS.slice(0, stage.printers).map((id, index) => (
                <Printer
                  key={id}
                  x={stage.x - 2 + (index % columns) * 30}
                  y={150 - rows * 32 + 6 + Math.floor(index / columns) * 32}
                />
              ))}
              <text x={stage.x + width / 2} y="190" textAnchor="middle" className="opp-scale__label">
                {stage.label}
              </text>
              <text x={stage.x + width / 2} y="210" textAnchor="middle" className="opp-scale__caption">
                {stage.caption}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="opp-fineprint">
        Illustration only; growth depends on demand in your territory.
      </figcaption>
    </figure>
  );
}
