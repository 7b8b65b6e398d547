import torch
from audiolm_mini.data import write_synthetic_wavs
from audiolm_mini.soundstream import SoundStream
from audiolm_mini.trainer import SoundStreamTrainer

torch.manual_seed(0)
write_synthetic_wavs("./mixed_audio")

soundstream = SoundStream()
trainer = SoundStreamTrainer(
    soundstream,
    folder="./mixed_audio",
    batch_size=4,
    data_max_length=4000,
    num_train_steps=25,
)
trainer.train()
