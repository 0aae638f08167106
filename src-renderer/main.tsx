import { render } from 'solid-js/web';
import { App } from './App';
import { choosePlatform } from './platform';
import { createEditor } from './state/editor';
import './styles/app.css';

const editor = createEditor(choosePlatform());
render(() => <App editor={editor} />, document.getElementById('root')!);
void editor.openLaunchFiles();
