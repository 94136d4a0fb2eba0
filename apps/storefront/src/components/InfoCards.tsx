import type { ComponentType } from 'react';

export interface InfoPoint {
  icon: ComponentType<{ size?: number }>;
  title: string;
  text: string;
}

/** A grid of icon cards (landing: partner and in-house team; financing: benefits). */
export function InfoCards({ points, columns, cardClassName }: { points: readonly InfoPoint[]; columns: 3 | 4; cardClassName?: string }) {
  return (
    <div className={`card-grid card-grid-${columns}`}>
      {points.map(({ icon: Icon, title, text }) => (
        <div key={title} className={cardClassName ? `info-card ${cardClassName}` : 'info-card'}>
          <span className="info-card-icon">
            <Icon size={24} />
          </span>
          <h3>{title}</h3>
          <p>{text}</p>
        </div>
      ))}
    </div>
  );
}
