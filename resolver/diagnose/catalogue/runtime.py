"""The machine: devices, CUDA, memory, torch.compile, distributed training."""

from resolver.diagnose.catalogue._family import counted as n
from resolver.diagnose.catalogue._family import family as f

EXHAUSTED_OOM = ("the script runs out of memory and the code holds no leak resolve can fix: use a smaller batch "
                 "size with gradient accumulation, gradient checkpointing (torch.utils.checkpoint), mixed "
                 "precision (torch.autocast), or a smaller model")

FAMILIES = (
    f("device.mismatch",
      (r"Expected all tensors to be on the same device", r"Input type \(.*cuda.*\) and weight type",
       r"should be the same.*(cuda|cpu)", r"Input type \(.*\) and weight type \(.*cuda.*\) should be the same",
       r"Input and (parameter|hidden) tensors are not (at|on) the same device",
       r"is on (CPU|GPU), but expected (it )?to be on"),
      (("RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and "
        "cpu! (when checking argument for argument mat1 in method wrapper_CUDA_addmm)"),
       ("RuntimeError: Expected all tensors to be on the same device, but got mat2 is on cpu, different from "
        "other tensors on cuda:0 (when checking argument in method wrapper_CUDA_mm)"),
       "RuntimeError: Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor) should be the same",
       ("RuntimeError: Input type (torch.FloatTensor) and weight type (torch.cuda.FloatTensor) should be the same "
        "or input should be a MKLDNN tensor and weight is a dense tensor"),
       ("RuntimeError: Input and parameter tensors are not at the same device, found input tensor at cpu and "
        "parameter tensor at cuda:0"),
       ("RuntimeError: Tensor for argument #2 'mat1' is on CPU, but expected it to be on GPU (while checking "
        "arguments for addmm)")),
      "One operation mixes tensors on the CPU and on the GPU: move the model and every batch (and any "
      "tensor made inside forward) to the same device.",
      "同一运算混用了 CPU 和 GPU 上的张量：把模型、每个批次（以及 forward 内新建的张量）移到同一设备。",
      ("each tensor's device", "the model's device", "tensors created inside forward"),
      n(12, "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 "
            "and cpu")),
    f("device.no_cuda",
      (r"Torch not compiled with CUDA enabled", r"Found no NVIDIA driver on your system",
       r"No CUDA GPUs are available", r"module 'torch\._C' has no attribute '_cuda_\w+'"),
      ("AssertionError: Torch not compiled with CUDA enabled",
       ("RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
        "installed a driver from http://www.nvidia.com/Download/index.aspx"),
       "RuntimeError: No CUDA GPUs are available",
       # torch.cuda.set_device on a CPU-only build of torch (2.x)
       "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'"),
      "The code asks for CUDA on a machine (or a torch build) without it: pick the device with "
      "torch.cuda.is_available(), or install a CUDA build of torch.",
      "代码在没有 CUDA 的机器（或 torch 版本）上请求 CUDA：用 torch.cuda.is_available() 选择设备，或安装支持 CUDA 的 "
      "torch。",
      ("torch's CUDA build", "hard-coded devices and .cuda() calls", "device settings in config files"),
      n(12, "AssertionError: Torch not compiled with CUDA enabled"),
      when_exhausted="the code asks for CUDA on a machine without it, and no hard-coded device was found in its "
                     "Python: if a config file (YAML/JSON) names the device, set it to cpu (or the value that "
                     "picks CUDA only when torch.cuda.is_available())"),
    f("device.invalid_ordinal",
      r"invalid device ordinal",
      "RuntimeError: CUDA error: invalid device ordinal",
      "The code asks for a GPU number that this machine does not have (cuda:1 on a one-GPU machine, or "
      "CUDA_VISIBLE_DEVICES hides it).",
      "代码请求的 GPU 编号在这台机器上不存在（单卡机器上用 cuda:1，或被 CUDA_VISIBLE_DEVICES 隐藏）。",
      ("the device string", "torch.cuda.device_count()", "CUDA_VISIBLE_DEVICES")),
    f("device.generator",
      r"Expected a '\w+' device type for generator but found '\w+'",
      "RuntimeError: Expected a 'cuda' device type for generator but found 'cpu'",
      "The DataLoader's sampler uses a CPU random generator while the default device or tensor type was "
      "set to CUDA: give the DataLoader generator=torch.Generator(device=...) or keep the default on the CPU.",
      "默认设备或张量类型被设为 CUDA，而 DataLoader 的采样器使用 CPU 随机数生成器：给 DataLoader 传入匹配设备的 "
      "generator，或把默认设备留在 CPU。",
      ("torch.set_default_device / set_default_tensor_type calls", "the DataLoader's generator")),
    f("device.backend_missing",
      r"Could not run '[\w:.]+' with arguments from the '\w+' backend",
      "NotImplementedError: Could not run 'aten::empty_strided' with arguments from the 'CUDA' backend.",
      "This torch build has no kernel for that device: usually a CPU-only torch asked for CUDA, or an "
      "extension built for another torch version.",
      "当前 torch 版本没有该设备的实现：通常是只支持 CPU 的 torch 被要求使用 CUDA，或扩展是为其他 torch 版本编译的。",
      ("torch's version and CUDA build", "installed extensions")),
    f("cuda.device_side_assert",
      r"device-side assert triggered",
      "RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously "
      "reported at some other API call, so the stacktrace below might be incorrect.",
      "A check inside a GPU kernel failed, most often a class label or token id out of range; rerun on the "
      "CPU (or with CUDA_LAUNCH_BLOCKING=1) to see the real error and line.",
      "GPU 内核中的检查失败，最常见的是类别标签或词编号越界；在 CPU 上（或设置 "
      "CUDA_LAUNCH_BLOCKING=1）重跑以看到真正的错误和行号。",
      ("the labels' range and the number of classes", "embedding indices", "the error when rerun on the CPU"),
      n(12, "RuntimeError: CUDA error: device-side assert triggered")),
    f("cuda.illegal_memory",
      r"an illegal memory access was encountered|CUDA error: misaligned address",
      "RuntimeError: CUDA error: an illegal memory access was encountered",
      "A GPU kernel read outside its memory: an out-of-range index, a custom extension, or a driver problem; "
      "rerun with CUDA_LAUNCH_BLOCKING=1 or on the CPU to find the operation.",
      "GPU 内核访问越界：索引越界、自定义扩展，或驱动问题；设置 CUDA_LAUNCH_BLOCKING=1 或在 CPU 上重跑以定位运算。",
      ("the operation under CUDA_LAUNCH_BLOCKING=1", "indices' ranges", "custom extensions")),
    f("cuda.cublas",
      r"CUBLAS_STATUS_\w+",
      (("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, "
        "m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`"),
       "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`"),
      "cuBLAS failed inside a matrix product: most often an out-of-range index earlier on the GPU, a GPU out "
      "of memory, or a torch/CUDA build that does not match the card; rerun on the CPU to see which.",
      "cuBLAS 在矩阵乘法中失败：最常见的是之前 GPU 上的索引越界、显存不足，或 torch/CUDA 版本与显卡不匹配；在 CPU "
      "上重跑可看出是哪种。",
      ("the error when rerun on the CPU", "free GPU memory", "torch's CUDA version and the GPU"),
      n(9, "CUBLAS_STATUS_EXECUTION_FAILED when calling cublasSgemm")),
    f("cuda.reinit_forked",
      r"Cannot re-initialize CUDA in forked subprocess",
      "RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must "
      "use the 'spawn' start method",
      "CUDA was used before DataLoader workers (or other processes) were forked: keep dataset code on the "
      "CPU, or use the 'spawn' start method.",
      "在 fork 出 DataLoader 工作进程（或其他进程）之前已经使用了 CUDA：让数据集代码留在 CPU，或使用 'spawn' "
      "启动方式。",
      ("CUDA calls in the Dataset", "num_workers", "the multiprocessing start method")),
    f("memory.cuda_oom",
      (r"CUDA out of memory", r"^OutOfMemoryError", r"CUDA error: out of memory"),
      (("OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total capacity; "
        "4.36 GiB already allocated; 6.69 MiB free; 4.63 GiB reserved in total by PyTorch)"),
       ("OutOfMemoryError: CUDA out of memory. Tried to allocate 22.00 MiB. GPU 0 has a total capacity of "
        "23.65 GiB of which 11.06 MiB is free."),
       "RuntimeError: CUDA error: out of memory"),
      "The GPU ran out of memory: a smaller batch, mixed precision or gradient checkpointing usually fit; "
      "if memory grows every step, something keeps the graph alive (loss summed without .item()).",
      "GPU 显存不足：减小批大小、使用混合精度或梯度检查点通常就能放下；若显存每步都在增长，"
      "是有东西保留了计算图（例如累加 loss 时没用 .item()）。",
      ("the batch size", "memory per step", "tensors kept across steps"),
      n(12, "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate"),
      when_exhausted="the GPU runs out of memory and the code holds no leak resolve can fix: use a smaller "
                     "batch size, gradient checkpointing or mixed precision (torch.autocast), or a smaller model"),
    f("memory.cpu_oom",
      (r"DefaultCPUAllocator: (can't allocate memory|not enough memory)", r"^MemoryError\b",
       r"^OSError: \[Errno 12\] Cannot allocate memory", r"\bstd::bad_alloc\b"),
      (("RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you "
        "tried to allocate 1073741824 bytes."),
       ("RuntimeError: DefaultCPUAllocator: can't allocate memory: you tried to allocate 2147483648 bytes. Error "
        "code 12 (Cannot allocate memory)"),
       "MemoryError", "OSError: [Errno 12] Cannot allocate memory",
       "RuntimeError: std::bad_alloc"),  # a C++ kernel's own allocation (a CPU GRU's workspace) under a limit
      "The machine's RAM ran out: load data lazily in the Dataset instead of all at once, use a smaller "
      "batch, or free large arrays.",
      "内存（RAM）耗尽：在 Dataset 中按需加载而非一次全部读入，减小批大小，或释放大数组。",
      ("the allocation size", "data loaded in __init__", "the batch size", "the peak per step and the limit"),
      when_exhausted=EXHAUSTED_OOM),
    f("memory.killed",
      r"^Killed: ",
      "Killed: the script was killed by SIGKILL with no traceback (peak 2.4 GiB resident; limit 2.5 GiB, cgroup)",
      "The kernel's out-of-memory killer ended the script (exit -9 / 137, \"Killed\", no traceback): it "
      "used more memory than the machine or its container allows. Lower the batch size, free what the "
      "code holds across steps, or load data lazily.",
      "内核的 OOM killer 结束了脚本（退出码 -9 / 137，\"Killed\"，没有回溯）：它用的内存超过了机器或容器的限制。"
      "减小批大小、释放跨步保留的对象，或按需加载数据。",
      ("the peak resident size", "the cgroup's oom_kill count", "the limit"),
      when_exhausted=EXHAUSTED_OOM),
    f("memory.forecast_oom",
      r"^MemoryForecast: ",
      ("MemoryForecast: at your batch size 256 a step would peak at 3.1 GiB of address space, over the "
       "limit of 2.4 GiB (forecast from smoke batches of 2 and 4: 11.8 MiB per sample)"),
      "Smoke mode ran the script at small batches; measured at two of them, the peak of one training step "
      "at your own batch size (or after an epoch of memory kept across steps) is over the memory this run "
      "has. A faithful step at your batch size confirms it.",
      "冒烟模式以小批量运行脚本；按两个批大小实测外推，您自己批大小下一步训练的峰值（或一个 epoch 内跨步保留的内存）"
      "超过了本次运行可用的内存。会以您的批大小真实运行一步来确认。",
      ("the peak per step at two batch sizes", "memory kept across steps", "the limit"),
      when_exhausted=EXHAUSTED_OOM),
    f("hardware.cudnn",
      r"CUDNN_STATUS_|cuDNN error",
      ("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED",
       "RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED"),
      "cuDNN failed inside the library: usually a driver or CUDA/cuDNN build that does not match, or the "
      "GPU out of memory; not a bug in the script.",
      "cuDNN 在库内部失败：通常是驱动与 CUDA/cuDNN 版本不匹配，或显存不足；不是脚本本身的错误。",
      ("torch's CUDA and cuDNN versions", "the driver version", "free GPU memory"),
      stop_reason="a cuDNN internal error is a driver/library fault, not a code bug: check that torch's "
                  "CUDA/cuDNN build matches the driver (update the driver); to confirm, rerun with "
                  "torch.backends.cudnn.enabled = False"),
    f("hardware.driver",
      (r"driver version is insufficient", r"NVIDIA driver on your system is too old",
       r"no kernel image is available", r"CUDA driver initialization failed", r"CUDA error: unknown error"),
      ("RuntimeError: CUDA error: no kernel image is available for execution on the device",
       "RuntimeError: The NVIDIA driver on your system is too old (found version 10010).",
       "RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.",
       "RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version",
       "RuntimeError: CUDA error: unknown error"),
      "The CUDA driver and this torch build do not match the GPU: update the driver, or install a torch "
      "build for this CUDA version and card.",
      "CUDA 驱动与此 torch 版本或显卡不匹配：更新驱动，或安装适配此 CUDA 版本和显卡的 torch。",
      ("the driver version", "torch's CUDA version", "the GPU model"),
      stop_reason="the CUDA driver and this torch build do not match: update the NVIDIA driver or install "
                  "a torch build for the installed CUDA version"),
    f("compile.backend_failed",
      (r"^BackendCompilerFailed: ", r"backend='\w+' raised", r"^InductorError: "),
      (("BackendCompilerFailed: backend='inductor' raised:\nImportError: cannot import name 'triton_key' from "
        "'triton.compiler.compiler'"),
       "InductorError: CppCompileError: C++ compile error"),
      "torch.compile's compiler failed, not the model: check that triton and a C++ compiler match this torch, "
      "or run without torch.compile to confirm.",
      "torch.compile 的编译器失败了，而不是模型本身：检查 triton 和 C++ 编译器是否与此 torch 匹配，或去掉 "
      "torch.compile 运行以确认。",
      ("torch and triton versions", "the compiler's own error line", "a run without torch.compile"),
      n(11, "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised")),
    f("compile.unsupported",
      r"^(Unsupported|TorchRuntimeError): ",
      "Unsupported: call_function BuiltinVariable(print) [ConstantVariable(str)] {}",
      "torch.compile met Python it cannot trace inside the compiled function: move that code out of it, or "
      "allow graph breaks (fullgraph=False).",
      "torch.compile 在被编译的函数里遇到了无法追踪的 Python 代码：把这部分代码移出去，"
      "或允许图中断（fullgraph=False）。",
      ("the compiled function", "the unsupported call", "fullgraph")),
    f("compile.python_version",
      r"(Dynamo is not supported on Python|not yet supported for torch\.compile)",
      "RuntimeError: Dynamo is not supported on Python 3.12+",
      "This torch version cannot compile on this Python version: upgrade torch or drop torch.compile.",
      "此 torch 版本在当前 Python 版本上无法编译：升级 torch，或去掉 torch.compile。",
      ("Python's version", "torch's version")),
    f("dist.not_initialized",
      r"Default process group has not been initialized",
      "RuntimeError: Default process group has not been initialized, please make sure to call "
      "init_process_group.",
      "Distributed code (DDP, SyncBatchNorm, all_reduce) runs in a single process: launch with torchrun, "
      "call init_process_group, or use plain BatchNorm for one GPU.",
      "分布式代码（DDP、SyncBatchNorm、all_reduce）在单进程中运行：用 torchrun 启动、调用 init_process_group，"
      "或单卡时改用普通 BatchNorm。",
      ("SyncBatchNorm layers", "torch.distributed calls", "how the script was launched"),
      n(11, "Default process group has not been initialized, please make sure to call init_process_group")),
    f("dist.unused_parameters",
      r"Expected to have finished reduction in the prior iteration",
      "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. "
      "This error indicates that your module has parameters that were not used in producing loss.",
      "Under DDP some parameters did not get a gradient this step: pass find_unused_parameters=True, or "
      "remove the layers the loss does not use.",
      "DDP 下有些参数这一步没有得到梯度：传入 find_unused_parameters=True，或删掉损失没有用到的层。",
      ("parameters without gradients", "the DDP arguments")),
    f("dist.mark_ready_twice",
      r"Expected to mark a variable ready only once",
      "RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the following "
      "reasons: 1) Use of a module parameter outside the `forward` function.",
      "Under DDP a parameter got its gradient twice in one step, usually with activation checkpointing or a "
      "module used twice: use static_graph=True or non-reentrant checkpointing.",
      "DDP 下某个参数在一步内得到两次梯度，通常与激活检查点或同一模块用了两次有关：使用 static_graph=True "
      "或非重入式检查点。",
      ("checkpointed modules", "modules called twice", "the DDP arguments")),
    f("dist.port_in_use",
      r"(Address already in use|EADDRINUSE)",
      "RuntimeError: The server socket has failed to listen on any local network address. The server socket has "
      "failed to bind to [::]:29500 (errno: 98 - Address already in use).",
      "Another run (often a stale one) holds the rendezvous port: stop it or set another MASTER_PORT.",
      "另一个运行中的任务（常是残留进程）占用了通信端口：结束它，或换一个 MASTER_PORT。",
      ("MASTER_PORT", "processes still running")),
    f("dist.nccl_unavailable",
      (r"Distributed package doesn't have NCCL built in", r"ProcessGroupNCCL is only supported with GPUs"),
      ("RuntimeError: Distributed package doesn't have NCCL built in",
       "RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!"),
      "The NCCL backend needs CUDA GPUs and this machine or rank has none: choose gloo where there is no GPU, "
      "where the backend is written (`\"nccl\" if torch.cuda.is_available() else \"gloo\"`).",
      "NCCL 后端需要 CUDA GPU，而这台机器或这个进程没有：在写后端的地方，没有 GPU 时选 gloo"
      "（`\"nccl\" if torch.cuda.is_available() else \"gloo\"`）。",
      ("the backend argument of init_process_group", "where the backend is chosen", "torch.cuda.is_available()")),
    f("dist.device_ids_cpu",
      r"device_ids and output_device arguments only work with single-device",
      ("ValueError: DistributedDataParallel device_ids and output_device arguments only work with "
       "single-device/multiple-device GPU modules or CPU modules, but got device_ids [0], output_device None, "
       "and module parameters {device(type='cpu')}.",),
      "DDP's device_ids names the one CUDA device a rank's model lives on; a model on the CPU (no GPU on this "
      "machine or rank) takes no device_ids. Pass them only where the model is on CUDA "
      "(`device_ids=[rank] if device.type == \"cuda\" else None`).",
      "DDP 的 device_ids 指明每个进程的模型所在的那块 CUDA 设备；在 CPU 上的模型（这台机器或这个进程没有 GPU）"
      "不接受 device_ids。只在模型位于 CUDA 时传入（`device_ids=[rank] if device.type == \"cuda\" else None`）。",
      ("the DistributedDataParallel call and its device_ids", "the device the model was moved to")),
    f("dist.uneven_inputs",
      r"^UnevenShards: ",
      ("UnevenShards: a full pass of the DataLoader at train.py:40 gives the ranks different numbers of batches "
       "(rank 0 6, rank 1 5): the rank with more runs a backward whose gradient all-reduce no other rank joins, "
       "and a full run hangs at the end of the first epoch (smoke mode ran the same batches on every rank)",),
      "The ranks draw different numbers of batches per epoch: every DDP backward is a collective, so the rank "
      "with an extra batch waits for partners that have finished the epoch. Give every rank the same number of "
      "samples (DistributedSampler pads by default; a hand-written partition should floor, not ceil, or use "
      "drop_last), or train under `Join([model])` when the shards are uneven by design.",
      "各进程每个 epoch 取到的批次数不同：DDP 的每次 backward 都是集合通信，多出一个批次的进程会等待已经结束"
      "本 epoch 的其他进程。让每个进程的样本数相同（DistributedSampler 默认会补齐；手写的划分应向下取整而不是"
      "向上取整，或使用 drop_last），若分片本来就不均匀，则在 `Join([model])` 下训练。",
      ("each rank's batches per pass", "the sampler that splits the data", "whether the loop runs under Join")),
    f("dist.env_missing",
      (r"environment variable (RANK|WORLD_SIZE|MASTER_ADDR|MASTER_PORT|LOCAL_RANK) expected, but not set",
       r"KeyError: '(LOCAL_RANK|RANK|WORLD_SIZE)'"),
      ("ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable RANK "
       "expected, but not set", "KeyError: 'LOCAL_RANK'"),
      "The script reads the environment torchrun gives each rank (RANK, WORLD_SIZE, MASTER_ADDR, LOCAL_RANK) "
      "but was run with plain python: launch it with torchrun.",
      "脚本读取 torchrun 为每个进程设置的环境变量（RANK、WORLD_SIZE、MASTER_ADDR、LOCAL_RANK），却用普通的 "
      "python 运行：请用 torchrun 启动。",
      ("how the script was launched", "the environment variables it reads"),
      when_exhausted="the script expects torchrun's environment (RANK, WORLD_SIZE, MASTER_ADDR): run it with "
                     "torchrun, e.g. resolve torchrun --nproc-per-node 2 SCRIPT"),
    f("dist.syncbn_cpu",
      (r"SyncBatchNorm layers only work with GPU modules", r"SyncBatchNorm expected input tensor to be on GPU"),
      ("ValueError: SyncBatchNorm layers only work with GPU modules",
       "ValueError: SyncBatchNorm expected input tensor to be on GPU or XPU or privateuseone"),
      "SyncBatchNorm synchronises batch statistics over GPUs only: on a machine or rank without CUDA keep "
      "plain BatchNorm, converting only where a GPU is there (`and torch.cuda.is_available()`).",
      "SyncBatchNorm 只能在 GPU 之间同步批统计量：在没有 CUDA 的机器或进程上保留普通 BatchNorm，"
      "只在有 GPU 时转换（`and torch.cuda.is_available()`）。",
      ("where SyncBatchNorm is made", "convert_sync_batchnorm", "torch.cuda.is_available()")),
    f("io.file_exists",
      r"^FileExistsError: ",
      "FileExistsError: [Errno 17] File exists: 'runs/exp/epoch_000'",
      "The script creates a file or folder that is already there. Under DDP this is usually every rank "
      "writing the same checkpoint or run folder: save on rank 0 only. Otherwise an earlier run left it.",
      "脚本要创建的文件或目录已经存在。在 DDP 下通常是每个进程都写同一个检查点或运行目录：只在 rank 0 保存。"
      "否则是之前的运行留下的。",
      ("which ranks write the path", "the rank-0 branch near the save", "earlier runs' outputs")),
    f("io.file_not_found",
      r"^FileNotFoundError: ",
      "FileNotFoundError: [Errno 2] No such file or directory: 'checkpoints/epoch_0000.pt'",
      "The script opens or removes a path that is not there: a path built wrong, data not yet made or "
      "downloaded, or under DDP a file another rank already removed (a checkpoint rotation every rank runs): "
      "remove on rank 0 only.",
      "脚本打开或删除的路径不存在：路径拼错、数据尚未生成或下载，或在 DDP 下另一个进程已经删除了该文件"
      "（每个进程都执行的检查点轮换）：只在 rank 0 删除。",
      ("how the path is built", "which ranks write and remove it", "what makes the file")),
    f("dist.wrapper_attribute",
      (r"'(DistributedDataParallel|DataParallel)' object has no attribute '(?!module')\w+'",
       r"object has no attribute 'module'"),
      ("AttributeError: 'DistributedDataParallel' object has no attribute 'encode'",
       "AttributeError: 'Net' object has no attribute 'module'"),
      "The code and the run disagree about the DDP wrapper: the wrapper forwards only forward() (reach the "
      "model's own methods through .module), and a model that is not wrapped has no .module: use "
      "getattr(model, \"module\", model).",
      "代码与运行对 DDP 包装的假设不一致：包装器只转发 forward()（模型自己的方法要通过 .module 调用），"
      "而没有被包装的模型没有 .module：使用 getattr(model, \"module\", model)。",
      ("whether the model is wrapped in this run", "the attribute's owner class")),
    f("dist.hang",
      (r"^DistributedHang: ", r"^CollectiveMismatch: ", r"collective mismatch in your code"),
      ("DistributedHang: no rank made progress for 5s: rank 0 waits in barrier() at train.py:88 in main "
       "`dist.barrier()`; rank 1 at train.py:95 in main `loss.backward()`",
       "CollectiveMismatch: the ranks called different collectives (op.preamble.length <= op.nbytes. 22792 vs 4. "
       "Received data size doesn't match expected size. Is there a distributed collective mismatch in your "
       "code?): rank 0 aborted in all_reduce() at utils.py:9 in reduce_mean `dist.all_reduce(t)`; rank 1 had "
       "failed: RuntimeError: Read error [127.0.0.1]: Connection reset by peer",
       "RuntimeError: [enforce fail at pair.cc:456] op.preamble.length <= op.nbytes. 8 vs 4. Received data size "
       "doesn't match expected size. Is there a distributed collective mismatch in your code?"),
      "The ranks wait for each other: one rank calls a collective (barrier, all_reduce, a DDP backward) "
      "that another never reaches, usually because the call sits under `if rank == 0:` or the ranks run "
      "different numbers of batches. Every rank must reach every collective, in the same order.",
      "各进程在互相等待：某个进程调用了集合通信（barrier、all_reduce、DDP 的 backward），而另一个进程永远"
      "到不了那里，通常是因为调用放在了 `if rank == 0:` 下，或各进程的批次数不同。每个进程都必须按相同"
      "顺序到达每个集合通信。",
      ("each rank's stack", "the collective each rank waits in", "batches per rank")),
    f("dist.nccl",
      r"NCCL error|Watchdog caught collective operation timeout",
      (("DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, unhandled "
        "system error, NCCL version 2.14.3"),
       ("RuntimeError: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, "
        "OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800319 milliseconds before timing out.")),
      "The GPUs could not talk to each other, or one rank stopped waiting: check that every rank runs the same "
      "steps (same number of batches), and NCCL's own log (NCCL_DEBUG=INFO).",
      "GPU 之间无法通信，或某个进程不再等待：检查每个进程执行相同的步骤（相同的批次数），并查看 NCCL "
      "日志（NCCL_DEBUG=INFO）。",
      ("batches per rank", "NCCL_DEBUG output", "the network interfaces")),
)
