// Shared helpers for the test targets: a seeded random generator, test
// images, random meshes, image comparison.
