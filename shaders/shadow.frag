#version 330 core
// The shadow pass writes depth only: what the sun sees first. (mesh.vert places it.)

void main() {}
