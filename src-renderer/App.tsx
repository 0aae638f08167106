import { onCleanup, onMount, Show } from 'solid-js';
import { MapCanvas } from './canvas/MapCanvas';
import { mapMenuGroups } from './canvas/map-menu';
import { ContextMenu } from './components/ContextMenu';
import { AboutDialog, ConfirmDialog, ShortcutsDialog } from './components/HelpDialogs';
import { ExportDialog } from './components/ExportDialog';
import { MenuBar } from './components/MenuBar';
import { NewEncounterDialog } from './components/NewEncounterDialog';
import { PictureGridReport } from './components/PictureAlignOptions';
import { Notices } from './components/Notices';
import { PropertiesPanel } from './components/PropertiesPanel';
import { StatusBar } from './components/StatusBar';
import { ToolPalette } from './components/ToolPalette';
import { Welcome } from './components/Welcome';
import { toolForKey } from './canvas/tools';
import { FallDialog } from './play/FallDialog';
import { ModeSwitch } from './play/ModeSwitch';
import { PlayPalette } from './play/PlayPalette';
import { PlayPanel } from './play/PlayPanel';
import { TravelDialog } from './play/TravelDialog';
import { actionForKey } from './state/actions';
import { exportDialogOpen } from './state/exports';
import { libraryFor } from './library';
import { LibraryPanel } from './library/LibraryPanel';
import { SaveStampDialog } from './library/SaveStampDialog';
import { StampsPalette } from './library/StampsPalette';
import { SaveNameDialog } from './components/SaveNameDialog';
import { nameRequest } from './platform/save-as';
import { installDropOpen, offerRecovery, pendingRecovery, startAutosave } from './state/autosave';
import { RecoveryDialog } from './components/RecoveryDialog';
import type { Editor } from './state/editor';

const ARROW_PAN: Record<string, [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

function isTyping(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
}

export function App(props: { editor: Editor }) {
  const editor = props.editor;
  editor.setLibraryOpener(() => void libraryFor(editor).show());

  const onKeyDown = (e: KeyboardEvent) => {
    if (editor.dialog() || editor.saveStampOpen() || editor.confirmState() || exportDialogOpen() || libraryFor(editor).isOpen() || pendingRecovery() || nameRequest()) return;
    const action = actionForKey(e);
    if (action) {
      // Text fields keep their own undo and clipboard keys; the function keys (F1 help, F5 Play) type
      // nothing, so they work from any field or box (F5 after ticking a condition left Play untouched).
      if (isTyping(e.target) && !/^F\d{1,2}$/.test(e.key) && (action.menu === 'edit' || !e.ctrlKey)) return;
      e.preventDefault();
      if (!action.enabled || action.enabled(editor)) action.run(editor);
      return;
    }
    if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape' && editor.selectedCreature()) {
      editor.setSelectedCreature(null);
      return;
    }
    const tool = toolForKey(e.key, editor.playing());
    if (tool && editor.doc()) {
      if (editor.playing()) editor.setPlayTool(tool.id as Parameters<typeof editor.setPlayTool>[0]);
      else editor.setTool(tool.id);
      e.preventDefault();
      return;
    }
    const arrow = ARROW_PAN[e.key];
    if (arrow && editor.doc()) {
      const step = e.shiftKey ? 256 : 64;
      editor.pan(arrow[0] * step, arrow[1] * step);
      e.preventDefault();
    }
  };
  // The browser edition cannot stop a tab closing, but it can ask first.
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    if (editor.dirty()) e.preventDefault();
  };
  // library hook: autosave and recovery, drag and drop, files double-clicked while the app runs.
  startAutosave(editor);
  const removeDrop = installDropOpen(editor);
  const onFocus = () => void editor.openLaunchFiles();
  onMount(() => {
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('focus', onFocus);
    // Keys work and any recovery offer is up: tests and automation wait for this mark.
    void offerRecovery(editor).finally(() => (document.documentElement.dataset['ready'] = 'true'));
  });
  onCleanup(() => {
    window.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('beforeunload', onBeforeUnload);
    window.removeEventListener('focus', onFocus);
    removeDrop();
  });

  const stampsShown = () => editor.stampsPaletteOpen() && !!editor.doc() && !editor.playing();

  return (
    <div class="app" data-edition={editor.platform.edition}>
      <MenuBar editor={editor} />
      <div class="workspace" classList={{ playing: editor.playing(), 'stamps-docked': stampsShown() }}>
        <Show when={editor.playing()} fallback={<ToolPalette editor={editor} />}>
          <PlayPalette editor={editor} />
        </Show>
        <main class="stage-area">
          {/* The canvas is set up while a big file is read (editor.opening), before its map is there. */}
          <Show when={editor.doc() || editor.opening()} fallback={<Welcome editor={editor} />}>
            <MapCanvas editor={editor} />
            <Show when={editor.doc()}>
              <ModeSwitch editor={editor} />
            </Show>
          </Show>
          {/* Over the map only: never over a panel, a palette or the status bar. */}
          <Notices editor={editor} />
          <PictureGridReport editor={editor} />
        </main>
        {/* Docked in a column of its own beside the map, so it covers none of its squares. */}
        <Show when={stampsShown()}>
          <StampsPalette editor={editor} library={libraryFor(editor)} />
        </Show>
        <Show when={editor.playing()} fallback={<PropertiesPanel editor={editor} />}>
          <PlayPanel editor={editor} />
        </Show>
      </div>
      <StatusBar editor={editor} />
      <Show when={editor.dialog() === 'new'}>
        <NewEncounterDialog editor={editor} />
      </Show>
      <Show when={editor.dialog() === 'shortcuts'}>
        <ShortcutsDialog editor={editor} />
      </Show>
      <Show when={editor.dialog() === 'about'}>
        <AboutDialog editor={editor} />
      </Show>
      {/* library hook: the library browser, over the editor */}
      <Show when={libraryFor(editor).isOpen()}>
        <LibraryPanel library={libraryFor(editor)} />
      </Show>
      <Show when={editor.saveStampOpen()}>
        <SaveStampDialog editor={editor} library={libraryFor(editor)} />
      </Show>
      <Show when={pendingRecovery()}>
        <RecoveryDialog />
      </Show>
      <Show when={nameRequest()}>
        <SaveNameDialog />
      </Show>
      <Show when={editor.travelOpen()}>
        <TravelDialog onClose={() => editor.setTravelOpen(false)} />
      </Show>
      <Show when={editor.fallEntry()}>
        <FallDialog editor={editor} />
      </Show>
      {/* The map's context menu (right-click, Shift+F10 or the Menu key on the map). */}
      <Show when={editor.mapMenu()} keyed>
        {(target) => <ContextMenu label={`Map menu: square ${target.square.x}, ${target.square.y}`} groups={mapMenuGroups(editor, target)} at={target.at} onClose={editor.closeMapMenu} testId="map-menu" />}
      </Show>
      <Show when={editor.confirmState()}>
        <ConfirmDialog editor={editor} />
      </Show>
      <Show when={exportDialogOpen() && editor.doc()}>
        <ExportDialog editor={editor} />
      </Show>
    </div>
  );
}
