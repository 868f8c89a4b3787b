print("meshwarp-demo: not built yet")
