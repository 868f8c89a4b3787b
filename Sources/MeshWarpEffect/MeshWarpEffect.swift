@_exported import MeshWarpCore
