// Ink imports react-devtools-core only when DEV=true; the bundle never enables that, so this
// stub stands in for the real package (which is not installed) and does nothing.
const devtools = {
  initialize() {},
  connectToDevTools() {},
};

export default devtools;
