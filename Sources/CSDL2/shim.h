#include <SDL2/SDL.h>

// SDL macros that Swift cannot import (they expand to expressions), re-exported
// as constants for the meshwarp-editor executable.
static const int CSDL2_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
