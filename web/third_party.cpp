// The browser build's one copy of the single-header libraries that Debian ships natively as
// shared libraries (libtinygltf.so, libstb.so): tinygltf with its stb_image and
// stb_image_write (the renderer's PNG screenshots), compiled here from Debian's headers.
#define TINYGLTF_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <tiny_gltf.h>
