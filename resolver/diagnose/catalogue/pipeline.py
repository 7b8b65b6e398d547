"""Data in and weights in: Datasets and DataLoaders, checkpoints and state dicts."""

from resolver.diagnose.catalogue._family import counted as n
from resolver.diagnose.catalogue._family import family as f

FAMILIES = (
    f("data.ragged_batch",
      r"stack expects each tensor to be equal size",
      "RuntimeError: stack expects each tensor to be equal size, but got [3, 224, 224] at entry 0 and "
      "[3, 256, 256] at entry 1",
      "The samples of one batch have different shapes (images of several sizes, sequences of several "
      "lengths): resize or pad them, or give the DataLoader a collate_fn that pads.",
      "同一批次中的样本形状不同（图像尺寸不一、序列长度不一）：调整尺寸或填充，或给 DataLoader 一个会填充的 "
      "collate_fn。",
      ("each sample's shape at that position", "the Dataset's transforms", "the collate_fn"),
      n(12, "RuntimeError: stack expects each tensor to be equal size, but got")),
    f("data.list_sample",
      ((r"^AttributeError: 'list' object has no attribute '(size|shape|dim|view|reshape|float|double|long|"
       r"to|unsqueeze|squeeze|permute|transpose|flatten|cuda|numel|contiguous|mean|sum|type|dtype|device|unbind|"
       r"chunk|detach|clone|half|bool|int|max|min|norm|ndim|T)'$"),
       r"must be Tensor, not list", r"expected Tensor as element \d+ in argument \d+, but got list",
       r"received an invalid combination of arguments - got \(list,"),
      ("AttributeError: 'list' object has no attribute 'to'",
       "TypeError: linear(): argument 'input' (position 1) must be Tensor, not list",
       "TypeError: expected Tensor as element 0 in argument 0, but got list",
       ("TypeError: conv2d() received an invalid combination of arguments - got (list, Parameter, Parameter, "
        "tuple, tuple, tuple, int)")),
      "A Python list reached code that wants a tensor: the Dataset returns lists, so the default collate "
      "builds lists of tensors; return tensors from __getitem__ or convert with torch.tensor/torch.stack.",
      "需要张量的地方收到了 Python 列表：Dataset 返回的是列表，默认的 collate 就组成了张量列表；让 __getitem__ "
      "返回张量，或用 torch.tensor/torch.stack 转换。",
      ("the dataset's first sample and its types", "the collate_fn")),
    f("data.unsorted_lengths",
      r"`lengths` array must be sorted in decreasing order",
      "RuntimeError: `lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can "
      "pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement if "
      "you do not need ONNX exportability.",
      "pack_padded_sequence wants the batch sorted by length: pass enforce_sorted=False.",
      "pack_padded_sequence 要求批次按长度降序排列：传入 enforce_sorted=False。",
      ("the pack_padded_sequence call",)),
    f("data.unpicklable_worker_fn",
      r"Can't (pickle|get) local object",
      "AttributeError: Can't pickle local object 'main.<locals>.<lambda>'",
      "DataLoader workers started with 'spawn' (Windows, macOS) cannot receive a lambda or a function defined "
      "inside another function: define it at module level.",
      "以 'spawn' 方式启动的 DataLoader 工作进程（Windows、macOS）无法接收 lambda 或嵌套定义的函数："
      "把它定义在模块顶层。",
      ("the collate_fn/worker_init_fn/transform", "the start method", "num_workers")),
    f("data.none_sample",
      (r"object of type 'NoneType' has no len\(\)",
       r"batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>"),
      ("TypeError: object of type 'NoneType' has no len()",
       ("TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found "
        "<class 'NoneType'>")),
      "The Dataset's __getitem__ returned None for some index (a file it could not read, a missing branch): "
      "filter those rows in __init__ or raise with the row's name.",
      "Dataset 的 __getitem__ 对某些索引返回了 None（读不了的文件、缺少的分支）：在 __init__ 中过滤这些行，"
      "或抛出带行名的异常。",
      ("which samples are None", "the __getitem__ branches that return nothing"),
      when_exhausted="a Dataset's __getitem__ returned None for some index, and the default collate cannot "
                     "batch it: keep only the usable rows in the Dataset's __init__, raise with the row's name "
                     "instead of returning None, or (changing batch sizes) give the DataLoader a collate_fn that "
                     "drops None samples; which one is a decision about the data"),
    f("data.loop_unpack",
      r"^ValueError: (too many|not enough) values to unpack \(expected \d+(, got \d+)?\)$",
      "ValueError: too many values to unpack (expected 2)",
      "The training loop unpacks each batch into more or fewer names than the Dataset returns per sample.",
      "训练循环解包每个批次时使用的变量个数，与 Dataset 每个样本返回的项数不同。",
      ("the loop's targets", "the dataset's sample structure")),
    f("data.index_past_end",
      r"^IndexError: (index -?\d+ is out of bounds for (dimension|axis) \d+ with size \d+|(list|tuple) index out "
      r"of range)",
      ("IndexError: index 1000 is out of bounds for dimension 0 with size 1000",
       "IndexError: list index out of range"),
      "An index reached past the end of a tensor or list, often a Dataset whose __len__ is larger than the "
      "data it reads.",
      "索引超出了张量或列表的末尾，常见于 Dataset 的 __len__ 大于它实际读取的数据量。",
      ("the Dataset's __len__ and its data's length", "the index")),
    f("data.collate_unsupported",
      r"batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class '(?!NoneType)",
      "TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found "
      "<class 'PIL.Image.Image'>",
      "The Dataset returns something the default collate cannot batch (usually a PIL image): add "
      "transforms.ToTensor() to the Dataset's transform.",
      "Dataset 返回了默认 collate 无法组批的对象（通常是 PIL 图像）：在 Dataset 的 transform 中加入 "
      "transforms.ToTensor()。",
      ("the sample's types", "the Dataset's transform")),
    f("data.transform_input",
      (r"pic should be (PIL Image or ndarray|Tensor or ndarray)\. Got", r"img should be PIL Image\. Got"),
      ("TypeError: pic should be PIL Image or ndarray. Got <class 'torch.Tensor'>",
       "TypeError: img should be PIL Image. Got <class 'torch.Tensor'>"),
      "A torchvision transform got a type it does not take, usually ToTensor applied twice or a PIL-only "
      "transform after ToTensor: reorder the transforms.",
      "torchvision 的变换收到了不支持的类型，通常是 ToTensor 用了两次，或在 ToTensor 之后使用了只接受 PIL 的变换："
      "调整变换顺序。",
      ("the transform pipeline", "the sample's type")),
    f("data.loader_not_iterator",
      (r"'DataLoader' object is not an iterator", r"'DataLoader' object is not subscriptable"),
      ("TypeError: 'DataLoader' object is not an iterator",
       "TypeError: 'DataLoader' object is not subscriptable"),
      "A DataLoader is iterable but not an iterator or a list: use next(iter(loader)) or a for loop, and "
      "index the Dataset instead.",
      "DataLoader 可迭代，但不是迭代器也不是列表：使用 next(iter(loader)) 或 for 循环，要按下标取样本请对 Dataset "
      "索引。",
      ("the expression using the loader",)),
    f("data.sampler_shuffle",
      r"sampler option is mutually exclusive with shuffle",
      "ValueError: sampler option is mutually exclusive with shuffle",
      "A DataLoader with a sampler cannot also shuffle: drop shuffle=True (the sampler decides the order).",
      "使用了 sampler 的 DataLoader 不能同时 shuffle：去掉 shuffle=True（顺序由 sampler 决定）。",
      ("the DataLoader's arguments",)),
    f("data.empty_dataset",
      r"num_samples should be a positive integer value, but got num_samples=0",
      "ValueError: num_samples should be a positive integer value, but got num_samples=0",
      "The Dataset is empty, so a shuffling DataLoader has nothing to sample: usually a wrong data path or "
      "file pattern.",
      "Dataset 是空的，打乱顺序的 DataLoader 无样本可取：通常是数据路径或文件匹配模式错了。",
      ("the dataset's length", "the data path and glob pattern"),
      n(11, "ValueError: num_samples should be a positive integer value, but got num_samples=0")),
    f("data.corrupt_file",
      (r"^BadZipFile: File is not a zip file", r"pickle data was truncated", r"^EOFError: No data left in file",
       r"Failed to interpret file .* as a pickle"),
      ("BadZipFile: File is not a zip file",
       "UnpicklingError: pickle data was truncated",
       "EOFError: No data left in file",
       "OSError: Failed to interpret file 'data/train.npy' as a pickle"),
      "A data file the script reads is incomplete or not in the format its loader expects (a truncated "
      "download or copy, a Git LFS pointer, an empty file): check the file's size and first bytes and "
      "download or write it again; no code change repairs the file.",
      "脚本读取的数据文件不完整或不是加载函数期望的格式（下载或复制被截断、Git LFS 指针文件、空文件）："
      "检查文件大小和开头字节，重新下载或重新生成；修改代码无法修复文件本身。",
      ("the file's path, size and first bytes", "the call that reads it")),
    f("data.spawn_main_guard",
      r"An attempt has been made to start a new process before the\s+current process has finished its "
      r"bootstrapping phase",
      "RuntimeError: \n        An attempt has been made to start a new process before the\n        current process "
      "has finished its bootstrapping phase.",
      "On Windows and macOS, DataLoader workers re-import the script: put the training code under "
      "if __name__ == '__main__': (or use num_workers=0).",
      "在 Windows 和 macOS 上 DataLoader 工作进程会重新导入脚本：把训练代码放到 if __name__ == '__main__': "
      "之下（或设 num_workers=0）。",
      ("the script's top-level code", "num_workers", "the platform"),
      n(8, "An attempt has been made to start a new process before the current process has finished its "
           "bootstrapping phase DataLoader num_workers")),
    f("data.worker_died",
      (r"DataLoader worker \(pid(\(s\))? [\d, ]+\) (is killed by signal|exited unexpectedly)",),
      (("RuntimeError: DataLoader worker (pid 11011) is killed by signal: Bus error. It is possible that "
        "dataloader's workers are out of shared memory. Please try to raise your shared memory limit."),
       "RuntimeError: DataLoader worker (pid(s) 164244) exited unexpectedly"),
      "A DataLoader worker process died, usually from too little shared memory (/dev/shm in Docker) or RAM: "
      "lower num_workers, raise the shared memory, or run with num_workers=0 to see the real error.",
      "DataLoader 工作进程崩溃了，通常是共享内存（Docker 中的 /dev/shm）或内存不足：减少 num_workers、增大共享内存，"
      "或用 num_workers=0 运行以看到真正的错误。",
      ("num_workers", "shared memory size", "the error with num_workers=0"),
      n(12, "DataLoader worker (pid) is killed by signal: Bus error / exited unexpectedly")),
    f("data.unpicklable_dataset",
      (r"cannot pickle '[\w.]+' object", r"Can't pickle <(function|class) "),
      ("TypeError: cannot pickle '_thread.lock' object",
       ("_pickle.PicklingError: Can't pickle <function <lambda> at 0x7f>: attribute lookup <lambda> on __main__ "
        "failed")),
      "DataLoader workers must receive a copy of the Dataset, and it holds something that cannot be copied "
      "(an open file, a database connection, a lock, a lambda): open it lazily in __getitem__.",
      "DataLoader 工作进程需要得到 Dataset 的副本，而它持有无法复制的对象（打开的文件、数据库连接、锁、lambda）："
      "改为在 __getitem__ 中按需打开。",
      ("the Dataset's attributes", "num_workers")),
    f("data.resize_storage",
      r"Trying to resize storage that is not resizable",
      "RuntimeError: Trying to resize storage that is not resizable",
      "The default collate could not stack the samples of a batch in worker processes, usually because "
      "their shapes differ: make every sample the same shape or pad in a collate_fn.",
      "工作进程中默认的 collate 无法堆叠同一批次的样本，通常是因为它们形状不同：让每个样本形状一致，或在 collate_fn "
      "中填充。",
      ("each sample's shape", "the collate_fn")),
    f("data.pack_lengths_device",
      r"'lengths' argument should be a 1D CPU int64 tensor",
      "RuntimeError: 'lengths' argument should be a 1D CPU int64 tensor, but got 1D cuda:0 Long tensor",
      "pack_padded_sequence wants the lengths on the CPU: pass lengths.cpu().",
      "pack_padded_sequence 要求 lengths 在 CPU 上：传入 lengths.cpu()。",
      ("the lengths tensor's device",)),
    f("checkpoint.cuda_storage",
      r"Attempting to deserialize object on a CUDA device",
      "RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. "
      "If you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') "
      "to map your storages to the CPU.",
      "A checkpoint saved on a GPU is loaded on a machine without one: pass map_location=\"cpu\" to torch.load.",
      "在没有 GPU 的机器上加载了在 GPU 上保存的检查点：给 torch.load 传入 map_location=\"cpu\"。",
      ("the torch.load call", "map_location"),
      n(11, "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False"),
      when_exhausted="torch.load maps a checkpoint's tensors to CUDA on a machine without it, and no "
                     "map_location set for this load alone was found: pass map_location=\"cpu\" to torch.load "
                     "(load_state_dict then copies each tensor to its parameter's device); a device setting that "
                     "also moves the model is better left to pick CUDA only when torch.cuda.is_available()"),
    f("checkpoint.device_index",
      r"Attempting to deserialize object on CUDA device \d+ but torch\.cuda\.device_count\(\) is \d+",
      "RuntimeError: Attempting to deserialize object on CUDA device 2 but torch.cuda.device_count() is 1. "
      "Please use torch.load with map_location to map your storages to an existing device.",
      "The checkpoint was saved on a GPU number this machine does not have: pass map_location to torch.load.",
      "检查点保存在本机没有的 GPU 编号上：给 torch.load 传入 map_location。",
      ("the torch.load call", "the number of GPUs")),
    f("checkpoint.optimizer_groups",
      (r"loaded state dict has a different number of parameter groups",
       r"loaded state dict contains a parameter group that doesn't match the size"),
      ("ValueError: loaded state dict has a different number of parameter groups",
       ("ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's "
        "group")),
      "An optimizer state saved with other parameter groups is loaded into this optimizer: start the "
      "optimizer fresh, or build it with the groups it was saved with.",
      "加载到当前优化器的状态是用别的参数分组保存的：重新初始化优化器，或按保存时的分组构建它。",
      ("both optimizers' parameter groups",),
      when_exhausted="an optimizer state saved with another set of parameter groups is loaded into this "
                     "optimizer: start the optimizer fresh (do not load its state), or build it with the "
                     "parameter groups it was saved with; which one is a decision about the training, so no "
                     "edit is made"),
    f("checkpoint.weights_only",
      (r"Weights only load failed", r"Unsupported global: GLOBAL"),
      ("UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options",
       ("UnpicklingError: Weights only load failed. WeightsUnpickler error: Unsupported global: GLOBAL "
        "numpy.core.multiarray.scalar was not an allowed global by default.")),
      "Since torch 2.6, torch.load reads only tensors by default, and this checkpoint holds other Python "
      "objects: allow them with torch.serialization.add_safe_globals, or pass weights_only=False for a "
      "file you trust.",
      "自 torch 2.6 起 torch.load 默认只读取张量，而此检查点包含其他 Python 对象："
      "用 torch.serialization.add_safe_globals 允许它们，或对可信文件传入 weights_only=False。",
      ("the torch.load call", "the objects in the checkpoint")),
    f("checkpoint.key_prefix",
      r"Missing key\(s\) in state_dict: .*Unexpected key\(s\) in state_dict: (\"[^\"]*\", )*\"(module|_orig_mod)\.",
      "RuntimeError: Error(s) in loading state_dict for Net:\n\tMissing key(s) in state_dict: \"fc.weight\", "
      "\"fc.bias\". \n\tUnexpected key(s) in state_dict: \"module.fc.weight\", \"module.fc.bias\".",
      "The weights were saved from a DataParallel/DDP or compiled model, so every key starts with "
      "module. or _orig_mod.: save model.module's state_dict, or strip the prefix when loading.",
      "权重是从 DataParallel/DDP 或编译后的模型保存的，每个键都以 module. 或 _orig_mod. 开头：保存 model.module 的 "
      "state_dict，或加载时去掉前缀。",
      ("the checkpoint's keys", "the model's keys", "where the state_dict was saved"),
      n(2, "Error(s) in loading state_dict for Missing key(s) in state_dict Unexpected key(s)", seen_in=True)),
    f("checkpoint.size_mismatch",
      r"size mismatch for [\w.]+: copying a param with shape",
      "RuntimeError: Error(s) in loading state_dict for ResNet:\n\tsize mismatch for fc.weight: copying a param "
      "with shape torch.Size([1000, 512]) from checkpoint, the shape in current model is torch.Size([10, 512]).",
      "The checkpoint's layers have other sizes than the model's (another number of classes or channels): "
      "build the model with the checkpoint's sizes, or skip the mismatched layers when loading.",
      "检查点中层的尺寸与模型不同（类别数或通道数不同）：按检查点的尺寸构建模型，或加载时跳过不匹配的层。",
      ("the mismatched keys and shapes", "the model's constructor arguments"),
      n(8, "size mismatch for copying a param with shape from checkpoint, the shape in current model is")),
    f("checkpoint.missing_keys",
      r"Error\(s\) in loading state_dict for \w+:\s+Missing key\(s\) in state_dict",
      "RuntimeError: Error(s) in loading state_dict for XLSR:\n\tMissing key(s) in state_dict: "
      "\"Gblocks.0.conv0.weight\", \"Gblocks.0.conv0.bias\".",
      "The checkpoint does not hold weights for some of the model's layers: it was saved from another "
      "architecture or version; load with strict=False only if those layers are meant to be new.",
      "检查点缺少模型中某些层的权重：它来自别的结构或版本；只有在这些层本来就是新加的时，才用 strict=False 加载。",
      ("missing and unexpected keys", "the model's version"),
      n(9, "Error(s) in loading state_dict for Missing key(s) in state_dict Unexpected key(s)")),
    f("checkpoint.corrupt",
      (r"PytorchStreamReader failed reading zip archive", r"invalid load key, '.'",
       r"^EOFError: Ran out of input"),
      ("RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
       "UnpicklingError: invalid load key, 'v'.",
       "EOFError: Ran out of input"),
      "The checkpoint file is incomplete or not a checkpoint (an interrupted download, a Git LFS pointer, "
      "an HTML page): download or save it again.",
      "检查点文件不完整或根本不是检查点（下载中断、Git LFS 指针文件、HTML 页面）：重新下载或重新保存。",
      ("the file's size and first bytes", "where it was downloaded from"),
      n(12, "PytorchStreamReader failed reading zip archive: failed finding central directory")),
    f("checkpoint.missing_class",
      r"Can't get attribute '\w+' on <module",
      "AttributeError: Can't get attribute 'Net' on <module '__main__' from 'predict.py'>",
      "The whole model was saved with torch.save(model), and loading needs its class importable under the "
      "same name: import the class first, or save and load the state_dict instead.",
      "整个模型是用 torch.save(model) 保存的，加载时需要能以相同名字导入它的类：先导入该类，或改为保存和加载 "
      "state_dict。",
      ("the class name in the error", "where the model class is defined")),
    f("checkpoint.state_dict_as_model",
      r"^AttributeError: '(collections\.OrderedDict|dict)' object has no attribute '(eval|train|to|cuda|forward|"
      r"parameters|predict|named_parameters|children|modules)'$",
      ("AttributeError: 'collections.OrderedDict' object has no attribute 'eval'",
       "AttributeError: 'dict' object has no attribute 'eval'"),
      "torch.load returned a state_dict (a dict of tensors), not a model: build the model and call "
      "model.load_state_dict(...) with it.",
      "torch.load 返回的是 state_dict（张量字典），不是模型：先构建模型，再调用 model.load_state_dict(...)。",
      ("what torch.load returned", "the model class")),
)
