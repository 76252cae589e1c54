/**
 * Entry point of `console.js`: renders the console into `#app`.
 *
 * @module
 */
import { render } from 'preact';
import { App } from './app';
import './styles.css';
import './notifications.css';
import './people.css';
import './tabs.css';
import './vehicle-plan.css';

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
