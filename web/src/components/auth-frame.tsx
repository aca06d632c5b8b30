// AuthFrame: the centred frame of the signed-out pages (sign-in, sign-up) and of first-run setup.
import type { ReactNode } from 'react';

export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 px-4 py-10">
      <p className="text-lg font-bold">Loupe</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}
