import 'react';

/**
 * CSS custom properties (`--dsp-bg`, `--k-primary`, …) in `style` objects: React's CSSProperties
 * only knows the standard properties, so the screens' theme variables are declared here once.
 */
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/consistent-indexed-object-style -- augmenting React's interface needs an interface (a Record alias cannot merge into it)
  interface CSSProperties {
    [key: `--${string}`]: string | number | undefined;
  }
}
