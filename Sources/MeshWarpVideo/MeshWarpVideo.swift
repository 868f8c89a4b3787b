// MeshWarpVideo: frames over time, in and out.
//
// Owns: reading video and animated images through `ffmpeg`/`ffprobe`
// processes (`VideoInput/`: probe, raw-frame parser, reader), the
// `FrameSink` protocol and the sink an output path asks for
// (`FrameSinks.make`), the writers of frame sequences (animated PNG, numbered
// PNG files, video through an `ffmpeg` process, with the quality scale mapped
// per encoder by `VideoQuality`), their shared lifecycle
// (`FrameWriterLifecycle`) and parallel encoding (`FrameBatch`), and
// frame-number patterns; finding ffmpeg (`ExecutableLocator.ffmpeg`); its
// own errors (`VideoError`: writers and external tools; `VideoInputError`:
// reading video; `VideoWarpError`: warping over time); warping over time (`VideoWarp`: the request,
// `VideoWarpPlan`: what will happen and why, `VideoWarpPlan+Run`: the
// decode → warp → encode threads with `FrameQueue`s between them and
// `FramePool`s of reused frames; `AnimationExport` for frames rendered by
// a closure; `FrameTimes`, `InputKind`). Meshes over time are
// MeshWarpCore's `MeshAnimation`; keyframe files are read by
// MeshWarpDocuments.
//
// Must not import: UI frameworks or fonts. Depends on MeshWarpImageIO (the
// codecs), MeshWarpRender (the warp) and Foundation (`Process` for ffmpeg).
