/** The sample encounters in resources/, bundled so both editions can open them offline. */
const files = import.meta.glob('../../resources/encounters/*.encounter', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface Sample {
  file: string;
  title: string;
  ruleset: string;
  text: string;
}

export const SAMPLES: Sample[] = Object.entries(files)
  .map(([path, text]) => {
    const data = JSON.parse(text) as { name: string; ruleset: string };
    return { file: path.split('/').pop()!, title: data.name, ruleset: data.ruleset, text };
  })
  .sort((a, b) => a.title.localeCompare(b.title));
