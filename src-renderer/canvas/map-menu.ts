import { Edge, EDGE_NAMES } from '../../src-shared/model';
import { selectRegionOfKind } from '../../src-shared/model/map-piece';
import type { Editor, Square } from '../state/editor';
import type { MapMenuTarget } from '../state/map-menu';
import { toggleDoorOn } from './tools/doors';
import { edgesCommand } from './tools/edge';
import { pickSquareValue, SQUARE_TOOLS } from './tools/eyedropper';
import { squareLayer } from './tools/square-layers';

/** A group of the map's context menu: what it acts on and what can be done to it. */
export interface MapMenuGroup {
  heading: string;
  items: { id: string; label: string; disabled?: string; run: () => void }[];
}

/**
 * Square › "Select the region of its kind": the squares joined to this one with the same ground
 * (terrain, and water depth), as a region selection in the Region tool (issue 18 › 1).
 */
export function selectRegionOfKindAt(editor: Editor, square: Square): void {
  const d = editor.doc();
  if (!d) return;
  // The tool first: leaving another tool for the Region tool drops any region there was.
  editor.setTool('region');
  editor.setRegion(selectRegionOfKind(d, square));
}

const EDGE_WORDS: Record<string, string> = { wall: 'Wall', low: 'Low obstacle', doorClosed: 'Closed door', doorOpen: 'Open door', window: 'Window / force field' };

/**
 * The entries of the map's context menu (issue 18 › 3) for what it was opened on: the creature
 * (edit, duplicate, delete, bring to front in a stack), the square (pick its value, select its
 * region) and the edge (open / close a door, remove). Each entry runs an edit the menus and tools
 * already have, so each is one undo step.
 */
export function mapMenuGroups(editor: Editor, target: MapMenuTarget): MapMenuGroup[] {
  const d = editor.doc();
  if (!d) return [];
  const groups: MapMenuGroup[] = [];
  const c = target.creature ? d.creatures.find((k) => k.id === target.creature) : undefined;
  if (c) {
    const name = c.name || c.id;
    const stack = editor.stackOf(c.id);
    groups.push({
      heading: name,
      items: [
        { id: 'creature-edit', label: `Edit ${name}…`, run: () => editCreature(editor, c.id) },
        { id: 'creature-duplicate', label: 'Duplicate', run: () => void editor.duplicateCreatures([c.id]) },
        { id: 'creature-delete', label: 'Delete', run: () => void editor.deleteCreatures([c.id]) },
        {
          id: 'creature-front',
          label: 'Bring to front of the stack',
          disabled: !stack.length ? 'It shares its square with no other creature.' : stack[0] === c.id ? 'It is at the front of its stack already.' : undefined,
          run: () => void editor.bringToFront(c.id),
        },
      ],
    });
  }
  const q = target.square;
  const layer = squareLayer(editor.squareLayer());
  groups.push({
    heading: `Square ${q.x}, ${q.y}`,
    items: [
      {
        id: 'square-pick',
        label: `Pick its ${layer.label.toLowerCase()} to paint`,
        run: () => {
          // Into the current square tool; from any other tool, into the brush.
          if (pickSquareValue(editor, q) && !SQUARE_TOOLS.has(editor.tool())) editor.setTool('terrain');
        },
      },
      {
        id: 'square-region',
        label: 'Select the region of its kind',
        run: () => selectRegionOfKindAt(editor, q),
      },
    ],
  });
  const e = target.edge;
  const value = e ? d.map[e.layer][e.y * d.map.width + e.x]! : Edge.none;
  if (e && value !== Edge.none) {
    const kind = EDGE_NAMES[value]!;
    const door = value === Edge.doorClosed || value === Edge.doorOpen;
    const items: MapMenuGroup['items'] = [];
    if (door) items.push({ id: 'edge-door', label: value === Edge.doorClosed ? 'Open the door' : 'Close the door', run: () => void toggleDoorOn(editor, e, false) });
    items.push({
      id: 'edge-remove',
      label: `Remove the ${(EDGE_WORDS[kind] ?? kind).toLowerCase()}`,
      run: () => {
        const now = editor.doc();
        const cmd = now && edgesCommand(now, [e], Edge.none);
        if (cmd) editor.execute({ type: 'batch', label: `remove ${(EDGE_WORDS[kind] ?? kind).toLowerCase()}`, commands: [cmd] });
      },
    });
    groups.push({ heading: EDGE_WORDS[kind] ?? kind, items });
  }
  return groups;
}

/** Creature › Edit: select it and put the keyboard on its name in the properties panel. */
function editCreature(editor: Editor, id: string): void {
  editor.setSelectedCreature(id);
  // The panel renders the selection at once (Solid is synchronous): its first field is there now.
  document.querySelector<HTMLElement>('[data-testid="creature-name-input"]')?.focus();
}
