// ReplayPlayer: rrweb's Replayer in the page, the recorded viewport scaled to fit the width available, with
// play/pause, speed, skip-inactivity, a timeline that marks the session's pageviews, custom events and errors, and
// keyboard shortcuts (Space, ←/→ by 5 s, S for skipping).
import { useEffect, useRef, useState } from 'react';
import { Replayer, type eventWithTime } from 'rrweb';
import 'rrweb/dist/style.css';
import { Button, FOCUS_RING } from '../button';
import { fitScale, fittedBox, type Viewport } from './replay-fit';
import { clockText, type TimelineMark } from './replay-timeline';

const SPEEDS = [1, 2, 4, 8] as const;
const STEP_MS = 5_000;
const MARK_LOOKS: Record<TimelineMark['kind'], string> = { pageview: 'bg-indigo-600', event: 'bg-emerald-600', error: 'bg-red-600' };

export interface ReplayPlayerProps {
  readonly events: readonly eventWithTime[];
  readonly marks: (start: number, length: number) => TimelineMark[];
}

export function ReplayPlayer({ events, marks }: ReplayPlayerProps) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [available, setAvailable] = useState(0);
  const [replayer, setReplayer] = useState<Replayer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const [skip, setSkip] = useState(true);
  const [time, setTime] = useState(0);

  useEffect(() => {
    const root = stage.current;
    if (!root || events.length < 2) return undefined;
    const created = new Replayer([...events], { root, skipInactive: true, mouseTail: false, showWarning: false });
    created.on('finish', () => setPlaying(false));
    // The recorded page's viewport, at start and whenever the visitor resized the window.
    created.on('resize', (dimension) => {
      const { width, height } = dimension as Viewport;
      if (width > 0 && height > 0) setViewport({ width, height });
    });
    // The replayed page's frame, named for assistive technology (and sandboxed by rrweb: no script runs in it).
    created.iframe.setAttribute('title', 'Replayed page');
    setReplayer(created);
    setTime(0);
    // The first frame, paused: the page as it looked when recording started.
    created.pause(0);
    return () => {
      created.destroy();
      setReplayer(null);
    };
  }, [events]);

  // The width the player may take, followed as the page (or the phone) changes size.
  useEffect(() => {
    const box = frame.current;
    if (!box) return undefined;
    const measure = () => setAvailable(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [events.length]);

  useEffect(() => {
    if (!replayer || !playing) return undefined;
    const timer = setInterval(() => setTime(replayer.getCurrentTime()), 200);
    return () => clearInterval(timer);
  }, [replayer, playing]);

  const meta = replayer?.getMetaData();
  const scale = fitScale(viewport, available);
  const box = viewport ? fittedBox(viewport, scale) : null;
  const length = meta?.totalTime ?? 0;
  const seek = (offset: number, play = playing) => {
    if (!replayer) return;
    const target = Math.min(Math.max(offset, 0), length);
    if (play) replayer.play(target);
    else replayer.pause(target);
    setTime(target);
  };
  const toggle = () => {
    if (!replayer) return;
    if (playing) replayer.pause();
    else replayer.play(time >= length ? 0 : time);
    setPlaying(!playing);
  };
  const changeSpeed = (next: number) => {
    setSpeed(next);
    replayer?.setConfig({ speed: next });
  };
  const changeSkip = (next: boolean) => {
    setSkip(next);
    replayer?.setConfig({ skipInactive: next });
  };
  const onKey = (event: React.KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === ' ' || event.key === 'k') toggle();
    else if (event.key === 'ArrowRight') seek(time + STEP_MS);
    else if (event.key === 'ArrowLeft') seek(time - STEP_MS);
    else if (event.key === 's') changeSkip(!skip);
    else return;
    event.preventDefault();
  };

  if (events.length < 2) return <p className="text-sm">This recording holds too little to play.</p>;
  return (
    <section aria-label="Replay player" tabIndex={0} onKeyDown={onKey} className={`flex flex-col gap-3 rounded ${FOCUS_RING}`}>
      <div ref={frame} className="w-full min-w-0">
        <div
          data-replay-frame
          data-replay-scale={scale.toFixed(4)}
          tabIndex={0}
          role="region"
          aria-label="Replayed page"
          className={`relative overflow-hidden rounded bg-slate-50 ring-1 ring-slate-200 dark:ring-slate-700 ${FOCUS_RING}`}
          style={box ? { width: box.width, height: box.height } : undefined}
        >
          <div
            ref={stage}
            data-replay-stage
            className="replay-stage origin-top-left"
            style={viewport ? { width: viewport.width, height: viewport.height, transform: `scale(${scale})` } : undefined}
          />
        </div>
      </div>
      <div className="relative h-3 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true">
        <div className="h-3 rounded bg-indigo-300 dark:bg-indigo-800" style={{ width: `${length > 0 ? Math.min(100, (time / length) * 100) : 0}%` }} />
        {meta ? marks(meta.startTime, length).map((mark) => (
          <button
            key={`${mark.kind}-${mark.offset}-${mark.label}`}
            type="button"
            tabIndex={-1}
            title={`${mark.label} at ${clockText(mark.offset)}`}
            data-mark={mark.kind}
            onClick={() => seek(mark.offset)}
            className={`absolute top-0 h-3 w-1.5 -translate-x-1/2 rounded ${MARK_LOOKS[mark.kind]}`}
            style={{ left: `${mark.percent}%` }}
          />
        )) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={toggle} aria-keyshortcuts="Space">{playing ? 'Pause' : 'Play'}</Button>
        <label className="flex items-center gap-2 text-sm">
          <span>Position</span>
          <input
            type="range"
            min={0}
            max={Math.max(length, 1)}
            step={100}
            value={Math.min(time, length)}
            onChange={(event) => seek(Number(event.target.value))}
            aria-valuetext={`${clockText(time)} of ${clockText(length)}`}
            className={FOCUS_RING}
          />
        </label>
        <span className="text-sm tabular-nums" data-replay-clock>{clockText(time)} / {clockText(length)}</span>
        <label className="flex items-center gap-2 text-sm">
          <span>Speed</span>
          <select value={speed} onChange={(event) => changeSpeed(Number(event.target.value))} className={`rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900 ${FOCUS_RING}`}>
            {SPEEDS.map((value) => <option key={value} value={value}>{value}×</option>)}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={skip} onChange={(event) => changeSkip(event.target.checked)} className={FOCUS_RING} aria-keyshortcuts="s" />
          <span>Skip inactivity</span>
        </label>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">Keys: Space plays or pauses, ← and → move 5 seconds, S turns skipping inactivity on or off.</p>
    </section>
  );
}
