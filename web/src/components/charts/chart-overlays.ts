// What a bucket chart draws over its series: labelled vertical marks at buckets (annotations) and labelled dashed
// horizontal guides at values (thresholds), as uPlot plugins.
import type uPlot from 'uplot';

/** A labelled vertical line at a bucket index. */
export interface ChartMark {
  readonly index: number;
  readonly title: string;
}

/** A labelled dashed horizontal line at a value. */
export interface ChartGuide {
  readonly value: number;
  readonly label: string;
  /** Line colours in the light and dark themes. */
  readonly color: { readonly light: string; readonly dark: string };
}

const MARK_COLOUR = '#d97706';

export function marksPlugin(marks: readonly ChartMark[]): uPlot.Plugin {
  return {
    hooks: {
      draw: (chart) => {
        const context = chart.ctx;
        context.save();
        context.strokeStyle = MARK_COLOUR;
        context.fillStyle = MARK_COLOUR;
        context.lineWidth = 2;
        context.font = `${12 * devicePixelRatio}px sans-serif`;
        for (const mark of marks) {
          const x = Math.round(chart.valToPos(mark.index, 'x', true));
          context.beginPath();
          context.moveTo(x, chart.bbox.top);
          context.lineTo(x, chart.bbox.top + chart.bbox.height);
          context.stroke();
          context.fillText(mark.title, x + 4, chart.bbox.top + 12 * devicePixelRatio);
        }
        context.restore();
      },
    },
  };
}

export function guidesPlugin(guides: readonly ChartGuide[], dark: boolean): uPlot.Plugin {
  return {
    hooks: {
      draw: (chart) => {
        const context = chart.ctx;
        context.save();
        context.lineWidth = 1.5 * devicePixelRatio;
        context.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
        context.font = `${11 * devicePixelRatio}px sans-serif`;
        context.textAlign = 'left';
        context.textBaseline = 'bottom';
        for (const guide of guides) {
          const y = Math.round(chart.valToPos(guide.value, 'y', true));
          if (y < chart.bbox.top || y > chart.bbox.top + chart.bbox.height) continue;
          const color = dark ? guide.color.dark : guide.color.light;
          context.strokeStyle = color;
          context.fillStyle = color;
          context.beginPath();
          context.moveTo(chart.bbox.left, y);
          context.lineTo(chart.bbox.left + chart.bbox.width, y);
          context.stroke();
          context.fillText(guide.label, chart.bbox.left + 4 * devicePixelRatio, y - 4 * devicePixelRatio);
        }
        context.restore();
      },
    },
  };
}
