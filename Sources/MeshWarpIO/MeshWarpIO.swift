@_exported import MeshWarpRender
