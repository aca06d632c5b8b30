// The MCP feature's public entry: its wiring.
export { registerMcp, type McpModuleDeps } from './mcp-module.js';
